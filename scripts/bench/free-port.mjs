// A free TCP port on loopback: the kernel picks one, we release it and hand it to a child process.
import net from 'node:net';

export const freePort = () =>
  new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });

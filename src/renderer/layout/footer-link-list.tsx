import { Link as RouterLink } from 'react-router-dom';
import { useFooterListStyles } from './footer-list.styles';

/** A footer link: `href` leaves for another site, `to` is one of this site's own screens. */
export type FooterLink = { label: string } & ({ href: string; to?: never } | { to: string; href?: never });

export function LinkList({ id, title, links }: { id: string; title: string; links: FooterLink[] }) {
  const shared = useFooterListStyles();
  return (
    <nav aria-labelledby={id}>
      <h2 id={id} className={shared.heading}>
        {title}
      </h2>
      <ul className={shared.list}>
        {links.map((link) => (
          <li key={link.href ?? link.to}>
            {link.to !== undefined ? (
              <RouterLink className={shared.link} to={link.to}>
                {link.label}
              </RouterLink>
            ) : (
              <a className={shared.link} href={link.href}>
                {link.label}
              </a>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}

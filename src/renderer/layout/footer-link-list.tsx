import { useFooterListStyles } from './footer-list.styles';

export function LinkList({
  id,
  title,
  links,
}: {
  id: string;
  title: string;
  links: { label: string; href: string }[];
}) {
  const shared = useFooterListStyles();
  return (
    <nav aria-labelledby={id}>
      <h2 id={id} className={shared.heading}>
        {title}
      </h2>
      <ul className={shared.list}>
        {links.map((link) => (
          <li key={link.href}>
            <a className={shared.link} href={link.href}>
              {link.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { EmailAddress, addressParts } from '../../../src/renderer/components/email-address';
import { ApplicantSections } from '../../../src/renderer/features/applications/applicant-sections';
import { FluentScope } from '../../../src/renderer/components/fluent-scope';

/**
 * E-mail addresses wrap only where a reader expects (docs/behaviour.md#e-mail-addresses): after "@"
 * and before dots, never inside a word, while the text stays the address itself.
 */

/** The text between the places the browser may wrap it, as <wbr> marks them. */
const wrapPoints = (element: Element) => element.innerHTML.replace(/<!--.*?-->/g, '').split('<wbr>');

describe('an e-mail address', () => {
  it('may wrap after "@" and before each dot, and nowhere else', () => {
    const { container } = render(<EmailAddress address="priya.shah@example.co.uk" />);
    const address = container.firstElementChild!;
    expect(wrapPoints(address)).toEqual(['priya', '.shah@', 'example', '.co', '.uk']);
    // What is read, copied and found is the address, whole.
    expect(address).toHaveTextContent(/^priya\.shah@example\.co\.uk$/);
  });

  it('keeps an address without dots in two parts, and a lone word whole', () => {
    expect(addressParts('ops@localhost')).toEqual(['ops@', 'localhost']);
    expect(addressParts('postmaster')).toEqual(['postmaster']);
    expect(addressParts('a..b@c.d')).toEqual(['a', '.', '.b@', 'c', '.d']);
  });

  it('is how the application page shows the applicant’s address, inside its mailto link', () => {
    render(
      <FluentScope>
        <ApplicantSections
          name="Priya Shah"
          email="priya.shah@example.com"
          phone="01604 123456"
          jobTitle="Claims Handler"
          appliedOn="4 March 2026"
          about="Hello"
          interviewIfMinimumCriteriaMet={false}
          answers={[]}
        />
      </FluentScope>,
    );
    const link = screen.getByRole('link', { name: 'priya.shah@example.com' });
    expect(link).toHaveAttribute('href', 'mailto:priya.shah@example.com');
    expect(wrapPoints(link.firstElementChild!)).toEqual(['priya', '.shah@', 'example', '.com']);
  });
});

import type { ReactElement } from 'react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../../../src/shared/messages';
import { siteConfig } from '../../../../src/shared/site/site-config';
import { AboutPage } from '../../../../src/renderer/features/site/about-page';
import { ContactPage } from '../../../../src/renderer/features/site/contact-page';
import { ErrorPage } from '../../../../src/renderer/features/site/error-page';
import { NotFoundPage } from '../../../../src/renderer/features/site/not-found-page';
import { SiteFooter } from '../../../../src/renderer/layout/site-footer';

function renderAt(ui: ReactElement, path = '/') {
  return render(
    <FluentProvider theme={webLightTheme}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/" element={<p>Careers home</p>} />
          <Route path="*" element={ui} />
        </Routes>
      </MemoryRouter>
    </FluentProvider>,
  );
}

/** One h1, and no heading skips a level on the way down (WCAG 1.3.1 / axe heading-order). */
function expectOrderedHeadings(container: HTMLElement) {
  const levels = [...container.querySelectorAll('h1, h2, h3, h4, h5, h6')].map((h) => Number(h.tagName[1]));
  expect(levels.filter((level) => level === 1)).toHaveLength(1);
  expect(levels[0]).toBe(1);
  levels.slice(1).forEach((level, i) => {
    expect(level).toBeLessThanOrEqual((levels[i] ?? 1) + 1);
  });
}

const mailto = (email: string) => `mailto:${email}`;

describe('About page', () => {
  it('shows every section of the spec with its headings in order', () => {
    const { container } = renderAt(<AboutPage />, '/about');
    expect(screen.getByRole('heading', { level: 1, name: 'About Us' })).toBeInTheDocument();
    for (const name of [
      'Our Identity',
      'Our Services',
      'Why Choose Us',
      'Company Information',
      /Ready to Get Started/,
      'Find Us',
      'Important Notice',
    ]) {
      expect(screen.getByRole('heading', { level: 2, name })).toBeInTheDocument();
    }
    for (const name of ['Data Protection', 'Multilingual Support', 'Independent Service', 'Transparency']) {
      expect(screen.getByRole('heading', { level: 3, name })).toBeInTheDocument();
    }
    expectOrderedHeadings(container);
  });

  it('states the identity, services and reasons to choose the firm', () => {
    renderAt(<AboutPage />, '/about');
    const identity = screen.getByRole('region', { name: 'Our Identity' });
    expect(identity).toHaveTextContent('independent price-searching firm');
    expect(identity).toHaveTextContent('only with your consent');
    expect(identity).toHaveTextContent('not a broker');
    expect(identity).toHaveTextContent('not an agent for any insurer');

    const services = within(screen.getByRole('region', { name: 'Our Services' })).getAllByRole('listitem');
    expect(services.map((item) => item.textContent)).toEqual([
      'Car insurance',
      'Van insurance',
      'Motorcycle insurance',
      'Hot food business insurance',
      'Home insurance',
    ]);

    const why = screen.getByRole('region', { name: 'Why Choose Us' });
    expect(why).toHaveTextContent(`${siteConfig.yearsOfExperience}Years of experience`);
    expect(why).toHaveTextContent('Customer-first service');
    expect(why).toHaveTextContent('ICO & GDPR compliance');
    expect(why).toHaveTextContent('vulnerable customers through our multilingual staff');
    expect(why).toHaveTextContent('registered with the data-protection regulator');
    expect(why).toHaveTextContent('Data Protection Act and GDPR');
  });

  it('shows the company details and links from the site config', () => {
    renderAt(<AboutPage />, '/about');
    const company = screen.getByRole('region', { name: 'Company Information' });
    expect(company).toHaveTextContent('registered in England and Wales');
    expect(company).toHaveTextContent(siteConfig.companyNumber);
    expect(company).toHaveTextContent(siteConfig.icoRegistrationNumber);
    expect(company).toHaveTextContent(siteConfig.address.locality);
    expect(within(company).getByRole('link', { name: siteConfig.phone })).toHaveAttribute(
      'href',
      siteConfig.phoneHref,
    );
    expect(within(company).getByRole('link', { name: siteConfig.generalEmail })).toHaveAttribute(
      'href',
      mailto(siteConfig.generalEmail),
    );
  });

  it('makes Call Now and Send Email real tel: and mailto: links', () => {
    renderAt(<AboutPage />, '/about');
    expect(screen.getByRole('link', { name: /^Call Now/ })).toHaveAttribute('href', siteConfig.phoneHref);
    expect(screen.getByRole('link', { name: /^Send Email/ })).toHaveAttribute(
      'href',
      mailto(siteConfig.generalEmail),
    );
  });

  it('shows the address in Find Us and the regulatory notice', () => {
    renderAt(<AboutPage />, '/about');
    const findUs = screen.getByRole('region', { name: 'Find Us' });
    expect(findUs).toHaveTextContent(siteConfig.address.street);
    expect(findUs).toHaveTextContent(siteConfig.address.postalCode);
    const notice = screen.getByRole('region', { name: 'Important Notice' });
    expect(notice).toHaveTextContent('We do not give personal recommendations or financial advice.');
    expect(notice).toHaveTextContent('We do not buy, administer or monitor insurance policies.');
  });
});

describe('Contact page', () => {
  it('shows the head office, phone, both e-mails and opening hours', () => {
    const { container } = renderAt(<ContactPage />, '/contact');
    expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument();
    expectOrderedHeadings(container);

    expect(screen.getByRole('heading', { level: 3, name: 'Head Office' })).toBeInTheDocument();
    expect(screen.getAllByText(siteConfig.address.street).length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: siteConfig.phone })).toHaveAttribute(
      'href',
      siteConfig.phoneHref,
    );
    expect(screen.getByRole('link', { name: siteConfig.generalEmail })).toHaveAttribute(
      'href',
      mailto(siteConfig.generalEmail),
    );
    expect(screen.getByRole('link', { name: siteConfig.careersEmail })).toHaveAttribute(
      'href',
      mailto(siteConfig.careersEmail),
    );

    const hours = screen.getByRole('heading', { name: 'Opening Hours' }).parentElement as HTMLElement;
    expect(hours).toHaveTextContent('Monday to Saturday9:00-18:00');
    expect(hours).toHaveTextContent('SundayClosed');
  });

  it('greets visitors in Urdu, Bengali, Arabic, Punjabi and Hindi, in their scripts and directions', () => {
    renderAt(<ContactPage />, '/contact');
    const expected = [
      { language: 'Urdu', lang: 'ur', dir: 'rtl' },
      { language: 'Bengali', lang: 'bn', dir: 'ltr' },
      { language: 'Arabic', lang: 'ar', dir: 'rtl' },
      { language: 'Punjabi', lang: 'pa', dir: 'ltr' },
      { language: 'Hindi', lang: 'hi', dir: 'ltr' },
    ];
    const region = screen.getByRole('region', { name: 'We Speak Your Language' });
    for (const { language, lang, dir } of expected) {
      expect(within(region).getByText(language)).toBeInTheDocument();
      const greeting = region.querySelector(`[lang="${lang}"]`);
      expect(greeting).not.toBeNull();
      expect(greeting).toHaveAttribute('dir', dir);
      // The greeting is written in the language's own script, not in Latin letters.
      expect(greeting?.textContent).not.toMatch(/[A-Za-z]/);
    }
  });

  it('shows the registration details and Find Us', () => {
    renderAt(<ContactPage />, '/contact');
    const registration = screen.getByRole('region', { name: 'Company Registration' });
    expect(registration).toHaveTextContent(siteConfig.legalName);
    expect(registration).toHaveTextContent(siteConfig.companyNumber);
    expect(registration).toHaveTextContent(siteConfig.icoRegistrationNumber);
    expect(screen.getByRole('region', { name: 'Find Us' })).toHaveTextContent(siteConfig.address.postalCode);
  });
});

describe('404 page', () => {
  it('shows the exact text and a back to Home link that goes to /', async () => {
    const user = userEvent.setup();
    const { container } = renderAt(<NotFoundPage />, '/no/such/page');
    expect(screen.getByRole('heading', { level: 1, name: /404/ })).toBeInTheDocument();
    expect(
      screen.getByText('Uh oh! Looks like you got lost. Go back to the homepage if you dare!'),
    ).toBeInTheDocument();
    expectOrderedHeadings(container);

    const home = screen.getByRole('link', { name: 'back to Home' });
    expect(home).toHaveAttribute('href', '/');
    await user.click(home);
    expect(screen.getByText('Careers home')).toBeInTheDocument();
  });
});

describe('Error page', () => {
  it('is the /error target: the job was not found, with a link to all jobs', async () => {
    const user = userEvent.setup();
    renderAt(<ErrorPage />, '/error');
    expect(screen.getByRole('heading', { level: 1, name: "We couldn't find that job" })).toBeInTheDocument();
    const jobs = screen.getByRole('link', { name: 'View all jobs' });
    expect(jobs).toHaveAttribute('href', '/');
    await user.click(jobs);
    expect(screen.getByText('Careers home')).toBeInTheDocument();
  });

  it('works as the crash screen, even outside a router', () => {
    render(
      <FluentProvider theme={webLightTheme}>
        <ErrorPage error={new Error('boom')} />
      </FluentProvider>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByText(messages.serverError)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the homepage' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('button', { name: 'Reload page' })).toBeInTheDocument();
  });
});

describe('Site footer', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the head office details and the current year', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2031-06-15T12:00:00Z'));
    renderAt(<SiteFooter />, '/about');
    const footer = screen.getByRole('contentinfo');
    expect(footer).toHaveTextContent('© 2031');
    expect(footer).toHaveTextContent(siteConfig.address.street);
    expect(footer).toHaveTextContent(`Opening hours: ${siteConfig.openingHours.footer}`);
    expect(footer).toHaveTextContent('Mon-Sat 9.00-18.00');
    expect(footer).toHaveTextContent(`Company No. ${siteConfig.companyNumber}`);
    expect(within(footer).getByRole('link', { name: siteConfig.phone })).toHaveAttribute(
      'href',
      siteConfig.phoneHref,
    );
  });

  it('holds the head office address where HTML allows an <address>: not inside phrasing content', () => {
    renderAt(<SiteFooter />, '/about');
    const address = screen.getByRole('contentinfo').querySelector('address')!;
    expect(address).toHaveTextContent(siteConfig.address.street);
    // A <span> (or any phrasing element) may not hold an <address>; the W3C checker refuses it.
    expect(address.parentElement!.closest('span, p, a, label, b, em, strong, small')).toBeNull();
  });

  it('links to every quote search page, quotation form, privacy policy and terms of the main site', () => {
    renderAt(<SiteFooter />, '/about');
    const footer = screen.getByRole('contentinfo');
    const quotes = within(footer).getByRole('navigation', { name: 'Compare Quotes' });
    const forms = within(footer).getByRole('navigation', { name: 'Quotation Forms' });
    const labels = ['Car', 'Van', 'Bike', 'Hot food', 'Home'];
    expect(siteConfig.mainSite.quotes.map((quote) => quote.label.split(' insurance')[0])).toEqual(labels);
    for (const quote of siteConfig.mainSite.quotes) {
      expect(within(quotes).getByRole('link', { name: quote.label })).toHaveAttribute('href', quote.search);
      expect(within(forms).getByRole('link', { name: `${quote.label} quote form` })).toHaveAttribute(
        'href',
        quote.form,
      );
    }
    expect(within(footer).getByRole('link', { name: 'Privacy policy' })).toHaveAttribute(
      'href',
      siteConfig.mainSite.privacyPolicy,
    );
    expect(within(footer).getByRole('link', { name: 'Terms and conditions' })).toHaveAttribute(
      'href',
      siteConfig.mainSite.terms,
    );
  });

  it("links the careers privacy notice beside the company's own privacy policy, and opens it in the app", async () => {
    renderAt(
      <>
        <Routes>
          <Route path="/privacy" element={<h1>The careers privacy notice</h1>} />
          <Route path="*" element={null} />
        </Routes>
        <SiteFooter />
      </>,
      '/about',
    );
    const legal = within(screen.getByRole('contentinfo')).getByRole('navigation', { name: 'Legal' });
    const links = within(legal).getAllByRole('link');
    const policy = links.findIndex((link) => link.textContent === 'Privacy policy');
    expect(links[policy]).toHaveAttribute('href', siteConfig.mainSite.privacyPolicy);
    const notice = links[policy + 1]!;
    expect(notice).toHaveAccessibleName('Careers privacy notice');
    expect(notice).toHaveAttribute('href', '/privacy');
    await userEvent.click(notice);
    expect(screen.getByRole('heading', { name: 'The careers privacy notice' })).toBeInTheDocument();
  });
});

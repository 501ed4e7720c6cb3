/**
 * Every company detail the site shows, in one place. The values are clearly fictional
 * placeholders: an owner replaces them here and every screen, e-mail and search listing follows.
 */
export const siteConfig = {
  brandName: 'QuoteSearch',
  legalName: 'QuoteSearch Example Ltd',
  legalForm: 'A private limited company registered in England and Wales',
  companyNumber: '00000000',
  icoRegistrationNumber: 'ZA000000',
  yearsOfExperience: '10+',
  tagline:
    'We search the market for car, van, motorcycle, hot food business and home insurance prices, and explain your options in plain words and in your language.',
  /** The firm's regulatory position: it searches for the customer, not on behalf of any insurer. */
  identity:
    'We are an independent price-searching firm. We act for you, the customer, and only with your consent. We are not a broker, and we are not an agent for any insurer.',
  regulator: {
    name: "Information Commissioner's Office",
    shortName: 'ICO',
  },
  services: [
    'Car insurance',
    'Van insurance',
    'Motorcycle insurance',
    'Hot food business insurance',
    'Home insurance',
  ],
  /** Shown on the Contact page; each greeting is a real "welcome" in that language's own script. */
  greetings: [
    { language: 'Urdu', text: 'خوش آمدید', lang: 'ur', dir: 'rtl', transliteration: 'Khush aamdeed' },
    { language: 'Bengali', text: 'স্বাগতম', lang: 'bn', dir: 'ltr', transliteration: 'Shagotom' },
    { language: 'Arabic', text: 'أهلاً وسهلاً', lang: 'ar', dir: 'rtl', transliteration: 'Ahlan wa sahlan' },
    { language: 'Punjabi', text: 'ਜੀ ਆਇਆਂ ਨੂੰ', lang: 'pa', dir: 'ltr', transliteration: 'Ji aayan nu' },
    { language: 'Hindi', text: 'स्वागत है', lang: 'hi', dir: 'ltr', transliteration: 'Swagat hai' },
  ],
  address: {
    street: '1 Example Street',
    locality: 'Northampton',
    region: 'Northamptonshire',
    postalCode: 'NN1 1AA',
    country: 'United Kingdom',
    countryCode: 'GB',
  },
  /**
   * The brand's colours, as the site's theme (src/renderer/app/theme.ts), its icons and its web app
   * manifest use them: the logo mark runs from `brand` to `brandDeep`.
   */
  colours: {
    brand: '#087593',
    brandDeep: '#0A3A4B',
    background: '#FFFFFF',
  },
  phone: '01604 000000',
  phoneHref: 'tel:+441604000000',
  generalEmail: 'info@example.co.uk',
  careersEmail: 'careers@example.co.uk',
  openingHours: {
    weekdays: 'Monday to Saturday',
    hours: '9:00-18:00',
    footer: 'Mon-Sat 9.00-18.00',
    sunday: 'Sunday: Closed',
    /** The same hours as rows, for tables and lists that show each day's state. */
    rows: [
      { days: 'Monday to Saturday', hours: '9:00-18:00' },
      { days: 'Sunday', hours: 'Closed' },
    ],
  },
  mainSite: {
    home: 'https://www.example.co.uk/',
    quotes: [
      {
        label: 'Car insurance',
        search: 'https://www.example.co.uk/car-insurance',
        form: 'https://www.example.co.uk/car-insurance/quote',
      },
      {
        label: 'Van insurance',
        search: 'https://www.example.co.uk/van-insurance',
        form: 'https://www.example.co.uk/van-insurance/quote',
      },
      {
        label: 'Bike insurance',
        search: 'https://www.example.co.uk/bike-insurance',
        form: 'https://www.example.co.uk/bike-insurance/quote',
      },
      {
        label: 'Hot food insurance',
        search: 'https://www.example.co.uk/hot-food-insurance',
        form: 'https://www.example.co.uk/hot-food-insurance/quote',
      },
      {
        label: 'Home insurance',
        search: 'https://www.example.co.uk/home-insurance',
        form: 'https://www.example.co.uk/home-insurance/quote',
      },
    ],
    privacyPolicy: 'https://www.example.co.uk/privacy-policy',
    terms: 'https://www.example.co.uk/terms',
  },
} as const;

export const formatAddress = (separator = ', '): string => {
  const { street, locality, postalCode, country } = siteConfig.address;
  return [street, locality, postalCode, country].join(separator);
};

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
  address: {
    street: '1 Example Street',
    locality: 'Northampton',
    region: 'Northamptonshire',
    postalCode: 'NN1 1AA',
    country: 'United Kingdom',
    countryCode: 'GB',
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

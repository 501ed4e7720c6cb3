/** en-US numeric MM/DD/YYYY (docs/behaviour.md#dates-and-sizes), in the company's time zone so every face agrees. */
const usDate = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  timeZone: 'Europe/London',
});

export const formatUsDate = (date: Date | string | number): string => {
  const value = date instanceof Date ? date : new Date(date);
  return Number.isNaN(value.getTime()) ? '' : usDate.format(value);
};

export const US_DATE_PATTERN = /^(0[1-9]|1[0-2])\/(0[1-9]|[12]\d|3[01])\/\d{4}$/;

const ukTime = new Intl.DateTimeFormat('en-US', {
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/London',
});

/** A moment as the app writes dates (MM/DD/YYYY), with the time of day in the company's time zone. */
export const formatUsDateTime = (date: Date | string | number): string => {
  const value = date instanceof Date ? date : new Date(date);
  return Number.isNaN(value.getTime()) ? '' : `${usDate.format(value)} ${ukTime.format(value)}`;
};

/**
 * The county (the "state or region" a job board asks for beside the town) of the UK's cities and
 * larger towns. No maintained package maps UK towns to counties (the ISO 3166-2:GB subdivisions
 * that world-wide datasets carry are councils, not counties), so the table is kept here:
 *
 * - the towns are the ONS's Major Towns and Cities of England and Wales (December 2015, the 112
 *   built-up areas of 75,000 people and more), the cities with city status elsewhere in England
 *   and Wales, and the cities of Scotland and Northern Ireland;
 * - each is given its ceremonial county in England (Lieutenancies Act 1997, Schedule 1), its
 *   preserved county in Wales, its council area in Scotland, its county in Northern Ireland.
 *
 * A town not here is sent with its country as the region (docs/operations.md#job-board-feeds):
 * add it here when a job names it.
 */
const COUNTIES: Record<string, readonly string[]> = {
  Bedfordshire: ['Bedford', 'Luton'],
  Berkshire: ['Bracknell', 'Reading', 'Slough'],
  Bristol: ['Bristol'],
  Buckinghamshire: ['High Wycombe', 'Milton Keynes'],
  Cambridgeshire: ['Cambridge', 'Ely', 'Peterborough'],
  Cheshire: ['Chester', 'Warrington'],
  'City of London': ['City of London'],
  Cornwall: ['Truro'],
  Cumbria: ['Carlisle'],
  Derbyshire: ['Chesterfield', 'Derby'],
  Devon: ['Exeter', 'Plymouth'],
  Dorset: ['Bournemouth', 'Poole'],
  'County Durham': ['Darlington', 'Durham', 'Hartlepool', 'Stockton-on-Tees'],
  'East Riding of Yorkshire': ['Hull', 'Kingston upon Hull'],
  'East Sussex': ['Brighton', 'Brighton and Hove', 'Eastbourne', 'Hastings', 'Hove'],
  Essex: ['Basildon', 'Chelmsford', 'Colchester', 'Harlow', 'Southend', 'Southend-on-Sea'],
  Gloucestershire: ['Cheltenham', 'Gloucester'],
  'Greater London': ['London', 'Westminster'],
  'Greater Manchester': [
    'Bolton',
    'Bury',
    'Manchester',
    'Oldham',
    'Rochdale',
    'Salford',
    'Stockport',
    'Wigan',
  ],
  Hampshire: ['Aldershot', 'Basingstoke', 'Portsmouth', 'Southampton', 'Winchester'],
  Herefordshire: ['Hereford'],
  Hertfordshire: ['Hemel Hempstead', 'St Albans', 'Stevenage', 'Watford'],
  Kent: ['Canterbury', 'Chatham', 'Gillingham', 'Maidstone'],
  Lancashire: ['Blackburn', 'Blackpool', 'Burnley', 'Lancaster', 'Preston'],
  Leicestershire: ['Leicester'],
  Lincolnshire: ['Grimsby', 'Lincoln', 'Scunthorpe'],
  Merseyside: ['Birkenhead', 'Liverpool', 'Southport'],
  Norfolk: ['Norwich'],
  'North Yorkshire': ['Harrogate', 'Middlesbrough', 'Ripon', 'York'],
  Northamptonshire: ['Northampton'],
  Nottinghamshire: ['Mansfield', 'Nottingham'],
  Oxfordshire: ['Oxford'],
  Shropshire: ['Telford'],
  Somerset: ['Bath', 'Wells', 'Weston-super-Mare'],
  'South Yorkshire': ['Barnsley', 'Doncaster', 'Rotherham', 'Sheffield'],
  Staffordshire: ['Burton upon Trent', 'Lichfield', 'Newcastle-under-Lyme', 'Stoke', 'Stoke-on-Trent'],
  Suffolk: ['Ipswich'],
  Surrey: ['Guildford', 'Woking'],
  'Tyne and Wear': ['Gateshead', 'Newcastle', 'Newcastle upon Tyne', 'Sunderland'],
  Warwickshire: ['Nuneaton'],
  'West Midlands': [
    'Birmingham',
    'Coventry',
    'Dudley',
    'Solihull',
    'Sutton Coldfield',
    'Walsall',
    'West Bromwich',
    'Wolverhampton',
  ],
  'West Sussex': ['Chichester', 'Crawley', 'Worthing'],
  'West Yorkshire': ['Bradford', 'Halifax', 'Huddersfield', 'Leeds', 'Wakefield'],
  Wiltshire: ['Salisbury', 'Swindon'],
  Worcestershire: ['Redditch', 'Worcester'],
  // Wales: the preserved counties.
  Clwyd: ['St Asaph', 'Wrexham'],
  Dyfed: ['St Davids'],
  Gwent: ['Newport'],
  Gwynedd: ['Bangor'],
  'South Glamorgan': ['Cardiff'],
  'West Glamorgan': ['Swansea'],
  // Scotland: the council areas.
  'Aberdeen City': ['Aberdeen'],
  'Dundee City': ['Dundee'],
  'City of Edinburgh': ['Edinburgh'],
  'Glasgow City': ['Glasgow'],
  Fife: ['Dunfermline'],
  Highland: ['Inverness'],
  'Perth and Kinross': ['Perth'],
  Stirling: ['Stirling'],
  // Northern Ireland: the counties.
  'County Antrim': ['Belfast', 'Lisburn'],
  'County Armagh': ['Armagh'],
  'County Down': ['Newry'],
  'County Londonderry': ['Derry', 'Londonderry'],
};

const townKey = (town: string) =>
  town
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, ' ')
    .replace(/^st\.? /, 'st ');

const BY_TOWN = new Map(
  Object.entries(COUNTIES).flatMap(([county, towns]) =>
    towns.map((town) => [townKey(town), county] as const),
  ),
);

/** The county of a UK town, whatever its capitals, hyphens or "St."; undefined for a town not in the table. */
export const ukCounty = (town: string): string | undefined => BY_TOWN.get(townKey(town));

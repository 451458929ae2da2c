/**
 * Real cities of the site's countries, each in its region of `country-region-data` (the list the
 * settings' region_data is built from), with the language its demo members speak.
 */
import type { Language } from '../../src/shared/contract/fields';
import { buildRegionData } from '../lib/site';

/** A city the seed places members in; `region` is the 1-based index in country-region-data. */
export interface Place {
  country: string;
  city: string;
  region: number;
  regionName: string;
  /** Population-like weight: larger cities get more members. */
  weight: number;
  language: Language;
}

/** [city, region name as in country-region-data, weight, language when not the country's]. */
type CityRow = readonly [string, string, number, Language?];

interface CountryRow {
  /** Share of all demo members; the big markets weigh most. */
  weight: number;
  language: Language;
  cities: readonly CityRow[];
}

const COUNTRIES: Record<string, CountryRow> = {
  NL: {
    weight: 16,
    language: 'nl',
    cities: [
      ['Amsterdam', 'Noord-Holland', 92],
      ['Haarlem', 'Noord-Holland', 16],
      ['Rotterdam', 'Zuid-Holland', 66],
      ['Den Haag', 'Zuid-Holland', 55],
      ['Leiden', 'Zuid-Holland', 13],
      ['Utrecht', 'Utrecht', 36],
      ['Amersfoort', 'Utrecht', 16],
      ['Eindhoven', 'Noord-Brabant', 24],
      ['Tilburg', 'Noord-Brabant', 22],
      ['Breda', 'Noord-Brabant', 19],
      ['Groningen', 'Groningen', 24],
      ['Almere', 'Flevoland', 22],
      ['Nijmegen', 'Gelderland', 18],
      ['Arnhem', 'Gelderland', 16],
      ['Enschede', 'Overijssel', 16],
      ['Zwolle', 'Overijssel', 13],
      ['Maastricht', 'Limburg', 12],
      ['Leeuwarden', 'Friesland', 12],
      ['Assen', 'Drenthe', 7],
      ['Middelburg', 'Zeeland', 5],
    ],
  },
  BE: {
    weight: 5,
    language: 'nl',
    cities: [
      ['Brussel', 'Brussels', 40],
      ['Bruxelles', 'Brussels', 80, 'fr'],
      ['Antwerpen', 'Flanders', 53],
      ['Gent', 'Flanders', 26],
      ['Brugge', 'Flanders', 12],
      ['Leuven', 'Flanders', 10],
      ['Mechelen', 'Flanders', 9],
      ['Hasselt', 'Flanders', 8],
      ['Oostende', 'Flanders', 7],
      ['Liège', 'Wallonia', 20, 'fr'],
      ['Charleroi', 'Wallonia', 20, 'fr'],
      ['Namur', 'Wallonia', 11, 'fr'],
      ['Mons', 'Wallonia', 10, 'fr'],
    ],
  },
  DE: {
    weight: 16,
    language: 'de',
    cities: [
      ['Berlin', 'Berlin', 370],
      ['Hamburg', 'Hamburg', 185],
      ['München', 'Bayern', 150],
      ['Nürnberg', 'Bayern', 52],
      ['Köln', 'Nordrhein-Westfalen', 108],
      ['Düsseldorf', 'Nordrhein-Westfalen', 62],
      ['Dortmund', 'Nordrhein-Westfalen', 59],
      ['Frankfurt am Main', 'Hessen', 77],
      ['Stuttgart', 'Baden-Württemberg', 63],
      ['Freiburg im Breisgau', 'Baden-Württemberg', 23],
      ['Leipzig', 'Sachsen', 61],
      ['Dresden', 'Sachsen', 56],
      ['Hannover', 'Niedersachsen', 54],
      ['Bremen', 'Bremen', 57],
      ['Kiel', 'Schleswig-Holstein', 25],
      ['Rostock', 'Mecklenburg-Vorpommern', 21],
      ['Mainz', 'Rheinland-Pfalz', 22],
      ['Saarbrücken', 'Saarland', 18],
      ['Erfurt', 'Thüringen', 21],
      ['Potsdam', 'Brandenburg', 18],
      ['Magdeburg', 'Sachsen-Anhalt', 24],
    ],
  },
  AT: {
    weight: 4,
    language: 'de',
    cities: [
      ['Wien', 'Wien', 190],
      ['Graz', 'Steiermark', 29],
      ['Linz', 'Oberösterreich', 21],
      ['Wels', 'Oberösterreich', 6],
      ['Salzburg', 'Salzburg', 15],
      ['Innsbruck', 'Tirol', 13],
      ['Klagenfurt', 'Kärnten', 10],
      ['Villach', 'Kärnten', 6],
      ['St. Pölten', 'Niederösterreich', 6],
      ['Dornbirn', 'Vorarlberg', 5],
      ['Bregenz', 'Vorarlberg', 3],
      ['Eisenstadt', 'Burgenland', 2],
    ],
  },
  GB: {
    weight: 14,
    language: 'en',
    cities: [
      ['London', 'London', 880],
      ['Manchester', 'Manchester', 55],
      ['Birmingham', 'Birmingham', 114],
      ['Leeds', 'Leeds', 79],
      ['Glasgow', 'Glasgow City', 63],
      ['Edinburgh', 'Edinburgh, City of', 52],
      ['Liverpool', 'Liverpool', 49],
      ['Bristol', 'Bristol, City of', 47],
      ['Sheffield', 'Sheffield', 58],
      ['Cardiff', 'Cardiff', 36],
      ['Belfast', 'Belfast City', 34],
      ['Newcastle upon Tyne', 'Newcastle upon Tyne', 30],
      ['Nottingham', 'Nottingham', 32],
      ['Brighton', 'Brighton and Hove', 28],
      ['Oxford', 'Oxfordshire', 16],
      ['Cambridge', 'Cambridgeshire', 15],
      ['York', 'York', 20],
      ['Aberdeen', 'Aberdeen City', 20],
    ],
  },
  IE: {
    weight: 3,
    language: 'en',
    cities: [
      ['Dublin', 'Dublin', 120],
      ['Cork', 'Cork', 22],
      ['Galway', 'Galway', 8],
      ['Limerick', 'Limerick', 10],
      ['Waterford', 'Waterford', 6],
      ['Drogheda', 'Louth', 4],
      ['Dundalk', 'Louth', 4],
      ['Kilkenny', 'Kilkenny', 3],
      ['Sligo', 'Sligo', 2],
      ['Athlone', 'Westmeath', 2],
      ['Tralee', 'Kerry', 2],
      ['Ennis', 'Clare', 3],
      ['Bray', 'Wicklow', 3],
    ],
  },
  US: {
    weight: 16,
    language: 'en',
    cities: [
      ['New York', 'New York', 830],
      ['Los Angeles', 'California', 390],
      ['San Francisco', 'California', 80],
      ['San Diego', 'California', 140],
      ['Chicago', 'Illinois', 270],
      ['Houston', 'Texas', 230],
      ['Austin', 'Texas', 96],
      ['Dallas', 'Texas', 130],
      ['Phoenix', 'Arizona', 160],
      ['Philadelphia', 'Pennsylvania', 155],
      ['Seattle', 'Washington', 75],
      ['Denver', 'Colorado', 71],
      ['Boston', 'Massachusetts', 65],
      ['Miami', 'Florida', 44],
      ['Orlando', 'Florida', 31],
      ['Atlanta', 'Georgia', 50],
      ['Nashville', 'Tennessee', 68],
      ['Portland', 'Oregon', 63],
      ['Minneapolis', 'Minnesota', 42],
      ['Las Vegas', 'Nevada', 65],
      ['Washington', 'District of Columbia', 67],
      ['Detroit', 'Michigan', 63],
    ],
  },
  CA: {
    weight: 5,
    language: 'en',
    cities: [
      ['Toronto', 'Ontario', 280],
      ['Ottawa', 'Ontario', 100],
      ['Hamilton', 'Ontario', 57],
      ['Montréal', 'Quebec', 130, 'fr'],
      ['Montréal', 'Quebec', 40],
      ['Québec', 'Quebec', 55, 'fr'],
      ['Gatineau', 'Quebec', 29, 'fr'],
      ['Vancouver', 'British Columbia', 68],
      ['Victoria', 'British Columbia', 9],
      ['Calgary', 'Alberta', 130],
      ['Edmonton', 'Alberta', 100],
      ['Winnipeg', 'Manitoba', 75],
      ['Halifax', 'Nova Scotia', 44],
      ['Saskatoon', 'Saskatchewan', 27],
      ['Moncton', 'New Brunswick', 8],
      ["St. John's", 'Newfoundland and Labrador', 11],
    ],
  },
  FR: {
    weight: 6,
    language: 'fr',
    cities: [
      ['Paris', 'Île-de-France', 210],
      ['Marseille', "Provence-Alpes-Côte d'Azur", 87],
      ['Nice', "Provence-Alpes-Côte d'Azur", 34],
      ['Lyon', 'Auvergne-Rhône-Alpes', 52],
      ['Grenoble', 'Auvergne-Rhône-Alpes', 16],
      ['Toulouse', 'Occitanie', 50],
      ['Montpellier', 'Occitanie', 30],
      ['Bordeaux', 'Nouvelle-Aquitaine', 26],
      ['Nantes', 'Pays de la Loire', 32],
      ['Strasbourg', 'Grand Est', 29],
      ['Lille', 'Hauts-de-France', 24],
      ['Rennes', 'Bretagne', 22],
      ['Rouen', 'Normandie', 11],
      ['Dijon', 'Bourgogne-Franche-Comté', 16],
      ['Tours', 'Centre-Val de Loire', 14],
      ['Ajaccio', 'Corse', 7],
    ],
  },
  IT: {
    weight: 5,
    language: 'it',
    cities: [
      ['Roma', 'Lazio', 280],
      ['Milano', 'Lombardia', 140],
      ['Bergamo', 'Lombardia', 12],
      ['Napoli', 'Campania', 92],
      ['Torino', 'Piemonte', 85],
      ['Palermo', 'Sicilia', 63],
      ['Catania', 'Sicilia', 30],
      ['Genova', 'Liguria', 56],
      ['Bologna', 'Emilia-Romagna', 39],
      ['Firenze', 'Toscana', 36],
      ['Bari', 'Puglia', 32],
      ['Venezia', 'Veneto', 25],
      ['Verona', 'Veneto', 26],
      ['Trieste', 'Friuli-Venezia Giulia', 20],
      ['Cagliari', 'Sardegna', 15],
      ['Perugia', 'Umbria', 16],
      ['Trento', 'Trentino-Alto Adige', 12],
    ],
  },
  ES: {
    weight: 5,
    language: 'es',
    cities: [
      ['Madrid', 'Madrid', 330],
      ['Barcelona', 'Barcelona', 160],
      ['Valencia', 'Valencia/València', 80],
      ['Sevilla', 'Sevilla', 68],
      ['Zaragoza', 'Zaragoza', 67],
      ['Málaga', 'Málaga', 58],
      ['Murcia', 'Murcia', 46],
      ['Palma', 'Illes Balears', 42],
      ['Las Palmas de Gran Canaria', 'Las Palmas', 38],
      ['Bilbao', 'Bizkaia', 35],
      ['Alicante', 'Alicante', 34],
      ['Córdoba', 'Córdoba', 32],
      ['Valladolid', 'Valladolid', 30],
      ['Granada', 'Granada', 23],
      ['A Coruña', 'A Coruña', 25],
      ['Santa Cruz de Tenerife', 'Santa Cruz de Tenerife', 21],
    ],
  },
  PL: {
    weight: 4,
    language: 'pl',
    cities: [
      ['Warszawa', 'Mazowieckie', 180],
      ['Kraków', 'Małopolskie', 80],
      ['Łódź', 'Łódzkie', 66],
      ['Wrocław', 'Dolnośląskie', 67],
      ['Poznań', 'Wielkopolskie', 54],
      ['Gdańsk', 'Pomorskie', 47],
      ['Gdynia', 'Pomorskie', 24],
      ['Szczecin', 'Zachodniopomorskie', 39],
      ['Bydgoszcz', 'Kujawsko-pomorskie', 33],
      ['Lublin', 'Lubelskie', 33],
      ['Katowice', 'Śląskie', 28],
      ['Białystok', 'Podlaskie', 29],
      ['Rzeszów', 'Podkarpackie', 19],
      ['Olsztyn', 'Warmińsko-mazurskie', 17],
      ['Kielce', 'Świętokrzyskie', 18],
      ['Opole', 'Opolskie', 12],
      ['Zielona Góra', 'Lubuskie', 14],
    ],
  },
  AU: {
    weight: 4,
    language: 'en',
    cities: [
      ['Sydney', 'New South Wales', 530],
      ['Newcastle', 'New South Wales', 50],
      ['Melbourne', 'Victoria', 510],
      ['Geelong', 'Victoria', 28],
      ['Brisbane', 'Queensland', 260],
      ['Gold Coast', 'Queensland', 72],
      ['Cairns', 'Queensland', 16],
      ['Perth', 'Western Australia', 220],
      ['Adelaide', 'South Australia', 140],
      ['Canberra', 'Australian Capital Territory', 46],
      ['Hobart', 'Tasmania', 25],
      ['Darwin', 'Northern Territory', 15],
    ],
  },
  NZ: {
    weight: 2,
    language: 'en',
    cities: [
      ['Auckland', 'Auckland', 170],
      ['Wellington', 'Wellington', 42],
      ['Christchurch', 'Canterbury', 39],
      ['Hamilton', 'Waikato', 18],
      ['Tauranga', 'Bay of Plenty', 16],
      ['Dunedin', 'Otago', 13],
      ['Queenstown', 'Otago', 3],
      ['Palmerston North', 'Manawatu-Wanganui', 9],
      ['Napier', "Hawke's Bay", 7],
      ['Nelson', 'Nelson', 5],
      ['Invercargill', 'Southland', 5],
      ['New Plymouth', 'Taranaki', 6],
      ['Whangārei', 'Northland', 5],
      ['Gisborne', 'Gisborne', 4],
    ],
  },
  CH: {
    weight: 3,
    language: 'de',
    cities: [
      ['Zürich', 'Zürich', 42],
      ['Winterthur', 'Zürich', 12],
      ['Basel', 'Basel-Stadt', 17],
      ['Bern', 'Bern', 14],
      ['Luzern', 'Luzern', 8],
      ['St. Gallen', 'Sankt Gallen', 8],
      ['Zug', 'Zug', 3],
      ['Aarau', 'Aargau', 2],
      ['Genève', 'Genève', 20, 'fr'],
      ['Lausanne', 'Vaud', 14, 'fr'],
      ['Fribourg', 'Fribourg', 4, 'fr'],
      ['Neuchâtel', 'Neuchâtel', 4, 'fr'],
      ['Sion', 'Valais', 3, 'fr'],
      ['Lugano', 'Ticino', 6, 'it'],
      ['Bellinzona', 'Ticino', 4, 'it'],
    ],
  },
  FI: {
    weight: 2,
    language: 'en',
    cities: [
      ['Helsinki', 'Uusimaa', 66],
      ['Espoo', 'Uusimaa', 31],
      ['Vantaa', 'Uusimaa', 24],
      ['Tampere', 'Pirkanmaa', 25],
      ['Turku', 'Varsinais-Suomi', 20],
      ['Oulu', 'Pohjois-Pohjanmaa', 21],
      ['Jyväskylä', 'Keski-Suomi', 15],
      ['Kuopio', 'Pohjois-Savo', 12],
      ['Lahti', 'Päijät-Häme', 12],
      ['Pori', 'Satakunta', 8],
      ['Joensuu', 'Pohjois-Karjala', 8],
      ['Rovaniemi', 'Lappi', 6],
      ['Vaasa', 'Pohjanmaa', 7],
      ['Lappeenranta', 'Etelä-Karjala', 7],
    ],
  },
};

/** The site's countries, in the order of the spec's list. */
export const SEED_COUNTRIES = Object.keys(COUNTRIES);

/** Region lists exactly as the Settings call serves them, so seeded ids always match. */
const REGION_DATA = buildRegionData(SEED_COUNTRIES);

/** The region id of a region name; throws for a name the data set does not have. */
export function regionId(country: string, regionName: string): number {
  const region = REGION_DATA[country]?.find((r) => r.name === regionName);
  if (!region) throw new Error(`Unknown region ${country}/${regionName} in country-region-data`);
  return region.id;
}

/**
 * Every place with its region id resolved; a member's chance of living there is the country's
 * share times the city's share of that country.
 */
export const PLACES: readonly Place[] = Object.entries(COUNTRIES).flatMap(([country, row]) => {
  const cityTotal = row.cities.reduce((sum, [, , weight]) => sum + weight, 0);
  return row.cities.map(([city, regionName, weight, language]): Place => ({
    country,
    city,
    region: regionId(country, regionName),
    regionName,
    weight: (row.weight * weight) / cityTotal,
    language: language ?? row.language,
  }));
});

/** The place of the first demo account. */
export function findPlace(country: string, city: string): Place {
  const place = PLACES.find((p) => p.country === country && p.city === city);
  if (!place) throw new Error(`No seed place ${country}/${city}`);
  return place;
}

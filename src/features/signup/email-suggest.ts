/**
 * "Did you mean …?" for the sign-up email (SPEC §5): the typed domain is compared with common mail
 * providers, with distance thresholds of 2 for the whole domain, the second-level part and the
 * top-level part.
 *
 * Rule, in order (a suggestion is only a hint, but a wrong one for a real company domain is worse
 * than none, so every step prefers silence):
 *  1. Normalise (trim, lowercase). Only addresses with exactly one '@', a non-empty local part and a
 *     domain of non-empty dot-separated labels are considered.
 *  2. A domain in COMMON_DOMAINS is right: null.
 *  3. A known provider name under a real top-level domain (gmx.at, live.be, web.nl) is a plausible
 *     address we merely do not list: null. The few ccTLDs that are classic typos of com/net (co,
 *     cm, om, ne) do not count as real here, so gmail.co still becomes gmail.com.
 *  4. The closest COMMON_DOMAINS entry by optimal string alignment distance, if within 2, and
 *     within 1 for domains shorter than 7 characters (two edits turn wp.nl into almost anything).
 *     A real typed TLD is kept: only entries under that same TLD compete (hotmial.pt does not
 *     become hotmail.it, interim.nl does not become interia.pl).
 *  5. Only when the top-level part is no real TLD at all (con, cmo, nll, iy), the parts are
 *     corrected separately: the top-level part against COMMON_TOP_LEVEL, within 1 for up to 3
 *     letters and 2 beyond; the second-level part against COMMON_SECOND_LEVEL when at least 4
 *     letters long, within 1 for 4–5 letters and 2 beyond (3-letter names are too often real
 *     companies: tim, abn, ing). With a real TLD a second-level correction could only produce a
 *     combination step 4 does not know (gmail.nl, interia.nl), which is likelier a company domain
 *     than a typo, so it is not offered. The recombined address gets one more look at step 4.
 * Ties go to the entry listed first, so the lists put the most used providers first.
 */

/** Whitespace-separated lists keep the provider data readable at a glance. */
function words(list: string): string[] {
  return list.trim().split(/\s+/);
}

/** Full domains of common mail providers, most used first. */
export const COMMON_DOMAINS: readonly string[] = [
  // International
  ...words(
    `gmail.com hotmail.com outlook.com yahoo.com icloud.com live.com googlemail.com aol.com
     msn.com me.com mac.com ymail.com protonmail.com proton.me mail.com gmx.com zoho.com
     yandex.com hotmail.nl hotmail.de hotmail.fr hotmail.it hotmail.es hotmail.co.uk
     hotmail.be outlook.de outlook.fr outlook.it outlook.es outlook.be live.nl live.de
     live.fr live.it live.be yahoo.de yahoo.fr yahoo.it yahoo.es yahoo.co.uk`,
  ),
  // NL and BE
  ...words(
    `ziggo.nl kpnmail.nl planet.nl home.nl hetnet.nl xs4all.nl casema.nl upcmail.nl
     telfort.nl chello.nl quicknet.nl online.nl zonnet.nl skynet.be telenet.be proximus.be`,
  ),
  // DE, AT, CH
  ...words(
    `web.de gmx.de gmx.net t-online.de freenet.de arcor.de posteo.de mail.de gmx.at gmx.ch
     bluewin.ch`,
  ),
  // FR
  ...words(`orange.fr wanadoo.fr free.fr sfr.fr laposte.net neuf.fr bbox.fr`),
  // IT
  ...words(`libero.it virgilio.it alice.it tiscali.it tin.it tim.it fastwebnet.it`),
  // ES
  ...words(`telefonica.net movistar.es terra.es`),
  // PL
  ...words(`wp.pl onet.pl o2.pl interia.pl op.pl gazeta.pl poczta.onet.pl tlen.pl`),
];

/** Provider names (the label before the top-level part), most used first. */
export const COMMON_SECOND_LEVEL: readonly string[] = words(
  `gmail hotmail outlook yahoo icloud live googlemail aol msn ymail protonmail proton mail
   gmx zoho yandex web t-online freenet arcor posteo bluewin ziggo kpnmail planet home
   hetnet xs4all casema upcmail telfort chello quicknet online zonnet skynet telenet
   proximus orange wanadoo free sfr laposte neuf bbox libero virgilio alice tiscali tin
   tim fastwebnet telefonica movistar terra wp onet o2 interia op gazeta tlen`,
);

/** Top-level parts suggestions may lead to, most used first; two-part ones are split as one. */
export const COMMON_TOP_LEVEL: readonly string[] = words(
  `com net org nl de fr it es pl be at ch co.uk org.uk com.pl eu me info`,
);

/** Two-part public suffixes, so yahoo.co.uk splits into yahoo + co.uk. */
const TWO_PART_TLDS = new Set(
  words(`co.uk org.uk me.uk com.pl net.pl org.pl com.au co.nz com.br co.za`),
);

/** Country-code TLDs: any of these may be a real address, so it is never "corrected". */
const COUNTRY_TLDS = new Set(
  words(
    `ac ad ae af ag ai al am ao aq ar as at au aw ax az ba bb bd be bf bg bh bi bj bm bn bo br
     bs bt bw by bz ca cc cd cf cg ch ci ck cl cm cn co cr cu cv cw cx cy cz de dj dk dm do dz
     ec ee eg er es et eu fi fj fk fm fo fr ga gd ge gf gg gh gi gl gm gn gp gq gr gs gt gu gw
     gy hk hm hn hr ht hu id ie il im in io iq ir is it je jm jo jp ke kg kh ki km kn kp kr kw
     ky kz la lb lc li lk lr ls lt lu lv ly ma mc md me mg mh mk ml mm mn mo mp mq mr ms mt mu
     mv mw mx my mz na nc ne nf ng ni nl no np nr nu nz om pa pe pf pg ph pk pl pm pn pr ps pt
     pw py qa re ro rs ru rw sa sb sc sd se sg sh si sk sl sm sn so sr ss st su sv sx sy sz tc
     td tf tg th tj tk tl tm tn to tr tt tv tw tz ua ug uk us uy uz va vc ve vg vi vn vu wf ws
     ye yt za zm zw`,
  ),
);

/** Generic TLDs near com/net/org or common enough to be typed on purpose. */
const GENERIC_TLDS = new Set(
  words(
    `com net org edu gov mil int info biz name pro mobi asia tel travel jobs cat coop aero app
     dev xyz online site shop store tech club blog cloud email art design live news page space
     website world agency digital media studio solutions services company group team life love
     fun top vip win icu one new nec bet pet vet cam ngo ong now law legal health`,
  ),
);

/** Real ccTLDs that are also the classic slips for com/net; under a provider name they are typos. */
const TYPO_COUNTRY_TLDS = new Set(['co', 'cm', 'om', 'ne']);

/**
 * Optimal string alignment distance: insertions, deletions, substitutions and transpositions of
 * two adjacent characters each cost 1 (so 'gmial' → 'gmail' is 1), no substring edited twice.
 */
export function editDistance(a: string, b: string): number {
  if (a === b) return 0;
  // One flat table, row i holding the distances from a's first i characters; the inputs are
  // short domain names, so the full table costs nothing and keeps the recurrence readable.
  const width = b.length + 1;
  const table: number[] = [];
  const cell = (i: number, j: number): number => table[i * width + j] ?? 0;
  for (let i = 0; i <= a.length; i++) {
    for (let j = 0; j <= b.length; j++) {
      let value = Math.max(i, j);
      if (i > 0 && j > 0) {
        const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
        value = Math.min(cell(i - 1, j) + 1, cell(i, j - 1) + 1, cell(i - 1, j - 1) + cost);
        const swapped =
          i > 1 &&
          j > 1 &&
          a.charCodeAt(i - 1) === b.charCodeAt(j - 2) &&
          a.charCodeAt(i - 2) === b.charCodeAt(j - 1);
        if (swapped) value = Math.min(value, cell(i - 2, j - 2) + 1);
      }
      table[i * width + j] = value;
    }
  }
  return cell(a.length, b.length);
}

/** The first closest entry within `threshold`, or null. */
function closest(value: string, options: readonly string[], threshold: number): string | null {
  let best: string | null = null;
  let bestDistance = threshold + 1;
  for (const option of options) {
    const distance = editDistance(value, option);
    if (distance < bestDistance) {
      best = option;
      bestDistance = distance;
    }
  }
  return best;
}

interface DomainParts {
  /** Labels before the second-level part, with their trailing dot ('poczta.'), or ''. */
  prefix: string;
  secondLevel: string;
  topLevel: string;
}

function splitDomain(domain: string): DomainParts {
  const labels = domain.split('.');
  const lastTwo = labels.slice(-2).join('.');
  const tldLabels = labels.length >= 3 && TWO_PART_TLDS.has(lastTwo) ? 2 : 1;
  const rest = labels.slice(0, -tldLabels);
  const secondLevel = rest.pop() ?? '';
  return {
    prefix: rest.map((label) => `${label}.`).join(''),
    secondLevel,
    topLevel: labels.slice(-tldLabels).join('.'),
  };
}

function isRealTld(tld: string): boolean {
  return COUNTRY_TLDS.has(tld) || GENERIC_TLDS.has(tld) || COMMON_TOP_LEVEL.includes(tld);
}

function domainThreshold(domain: string): number {
  if (domain.length >= 7) return 2;
  return domain.length >= 4 ? 1 : 0;
}

function secondLevelThreshold(name: string): number {
  if (name.length >= 6) return 2;
  return name.length >= 4 ? 1 : 0;
}

function topLevelThreshold(tld: string): number {
  return tld.length > 3 ? 2 : 1;
}

/** A corrected full address for a likely typo in the domain, or null. */
export function suggestEmail(email: string): string | null {
  const typed = email.trim().toLowerCase();
  const at = typed.indexOf('@');
  if (at < 0 || typed.includes('@', at + 1)) return null;
  const local = typed.slice(0, at);
  const domain = typed.slice(at + 1);
  if (local === '' || !domain.includes('.') || domain.split('.').some((label) => label === '')) {
    return null;
  }
  if (COMMON_DOMAINS.includes(domain)) return null;

  const { prefix, secondLevel, topLevel } = splitDomain(domain);
  const keepsTld = isRealTld(topLevel) && !TYPO_COUNTRY_TLDS.has(topLevel);
  if (keepsTld && COMMON_SECOND_LEVEL.includes(secondLevel)) return null;

  const candidates = keepsTld
    ? COMMON_DOMAINS.filter((known) => splitDomain(known).topLevel === topLevel)
    : COMMON_DOMAINS;
  const wholeDomain = closest(domain, candidates, domainThreshold(domain));
  if (wholeDomain !== null) return `${local}@${wholeDomain}`;
  if (isRealTld(topLevel)) return null;

  const fixedTop = closest(topLevel, COMMON_TOP_LEVEL, topLevelThreshold(topLevel)) ?? topLevel;
  const fixedSecond =
    closest(secondLevel, COMMON_SECOND_LEVEL, secondLevelThreshold(secondLevel)) ?? secondLevel;
  const suggestion = `${local}@${prefix}${fixedSecond}.${fixedTop}`;
  if (suggestion === typed) return null;
  // One more look so a suggestion is never itself correctable (w.pb → w.pl → wp.pl). It ends: the
  // parts are now either real (whole-domain step only) or already as close as they get.
  return suggestEmail(suggestion) ?? suggestion;
}

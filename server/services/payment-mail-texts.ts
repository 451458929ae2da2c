/**
 * Payment texts in every site language: what a purchase is called (checkout line item, receipt)
 * and the receipt mail. Placeholders are filled by services/receipt-mail.ts.
 */
import type { Language } from '../../src/shared/contract/fields';
import type { MailTexts } from './mail-texts';

/** How a purchase is named in one language. */
interface ItemNames {
  /** {credits} */
  credits: string;
  /** {bonus}, appended to the credits name when a time bonus came with it. */
  bonus: string;
  /** {months}; one month and several months read differently. */
  premiumOne: string;
  premiumMany: string;
}

/** Names of purchases per language. */
export const ITEM_NAMES: Record<Language, ItemNames> = {
  en: {
    credits: '{credits} credits',
    bonus: ' + {bonus} bonus credits',
    premiumOne: 'Premium, 1 month',
    premiumMany: 'Premium, {months} months',
  },
  nl: {
    credits: '{credits} credits',
    bonus: ' + {bonus} bonuscredits',
    premiumOne: 'Premium, 1 maand',
    premiumMany: 'Premium, {months} maanden',
  },
  de: {
    credits: '{credits} Credits',
    bonus: ' + {bonus} Bonus-Credits',
    premiumOne: 'Premium, 1 Monat',
    premiumMany: 'Premium, {months} Monate',
  },
  it: {
    credits: '{credits} crediti',
    bonus: ' + {bonus} crediti bonus',
    premiumOne: 'Premium, 1 mese',
    premiumMany: 'Premium, {months} mesi',
  },
  fr: {
    credits: '{credits} crédits',
    bonus: ' + {bonus} crédits bonus',
    premiumOne: 'Premium, 1 mois',
    premiumMany: 'Premium, {months} mois',
  },
  es: {
    credits: '{credits} créditos',
    bonus: ' + {bonus} créditos de bonificación',
    premiumOne: 'Premium, 1 mes',
    premiumMany: 'Premium, {months} meses',
  },
  pl: {
    credits: '{credits} kredytów',
    bonus: ' + {bonus} kredytów bonusowych',
    premiumOne: 'Premium, 1 miesiąc',
    premiumMany: 'Premium, liczba miesięcy: {months}',
  },
};

/**
 * The receipt after a paid purchase. {name}, {site}, {item}, {amount}, {vat}, {vat_rate}, {date},
 * {reference}, {company}, {link}.
 */
export const RECEIPT_TEXTS: MailTexts = {
  en: {
    subject: 'Your {site} receipt {reference}',
    body: 'Hi {name},\n\nThank you for your purchase. Here is your receipt.\n\nItem: {item}\nAmount paid: {amount}\nIncluding VAT ({vat_rate}): {vat}\nDate: {date}\nReference: {reference}\n\nView it online: {link}\n\n{company}\n',
  },
  nl: {
    subject: 'Je betaalbewijs van {site} {reference}',
    body: 'Hoi {name},\n\nBedankt voor je aankoop. Hier is je betaalbewijs.\n\nProduct: {item}\nBetaald bedrag: {amount}\nInclusief btw ({vat_rate}): {vat}\nDatum: {date}\nReferentie: {reference}\n\nBekijk het online: {link}\n\n{company}\n',
  },
  de: {
    subject: 'Deine Quittung von {site} {reference}',
    body: 'Hallo {name},\n\nvielen Dank für deinen Kauf. Hier ist deine Quittung.\n\nArtikel: {item}\nBezahlter Betrag: {amount}\nEnthaltene MwSt. ({vat_rate}): {vat}\nDatum: {date}\nReferenz: {reference}\n\nOnline ansehen: {link}\n\n{company}\n',
  },
  it: {
    subject: 'La tua ricevuta di {site} {reference}',
    body: 'Ciao {name},\n\ngrazie per il tuo acquisto. Ecco la tua ricevuta.\n\nArticolo: {item}\nImporto pagato: {amount}\nIVA inclusa ({vat_rate}): {vat}\nData: {date}\nRiferimento: {reference}\n\nVedila online: {link}\n\n{company}\n',
  },
  fr: {
    subject: 'Votre reçu {site} {reference}',
    body: 'Bonjour {name},\n\nMerci pour votre achat. Voici votre reçu.\n\nArticle : {item}\nMontant payé : {amount}\nDont TVA ({vat_rate}) : {vat}\nDate : {date}\nRéférence : {reference}\n\nLe consulter en ligne : {link}\n\n{company}\n',
  },
  es: {
    subject: 'Tu recibo de {site} {reference}',
    body: 'Hola {name}:\n\nGracias por tu compra. Aquí tienes tu recibo.\n\nArtículo: {item}\nImporte pagado: {amount}\nIVA incluido ({vat_rate}): {vat}\nFecha: {date}\nReferencia: {reference}\n\nConsúltalo en línea: {link}\n\n{company}\n',
  },
  pl: {
    subject: 'Twój paragon z {site} {reference}',
    body: 'Cześć {name},\n\ndziękujemy za zakup. Oto Twój paragon.\n\nPozycja: {item}\nZapłacona kwota: {amount}\nW tym VAT ({vat_rate}): {vat}\nData: {date}\nNumer referencyjny: {reference}\n\nZobacz online: {link}\n\n{company}\n',
  },
};

/** The label of the company's VAT number line per language. */
export const VAT_NUMBER_LABEL: Record<Language, string> = {
  en: 'VAT number',
  nl: 'Btw-nummer',
  de: 'USt-IdNr.',
  it: 'Partita IVA',
  fr: 'N° de TVA',
  es: 'NIF-IVA',
  pl: 'NIP UE',
};

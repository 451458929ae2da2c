/**
 * The "your data is ready" mail in every site language. {name}, {site}, {link} and {expires} (a
 * date and time in the member's language) are filled in by services/data-export-runner.ts.
 */
import type { MailTexts } from './mail-texts';

/** Outbox kind of data export mails. */
export const DATA_EXPORT_MAIL = 'data_export';

/** The mail with the download link of a finished export. */
export const DATA_EXPORT_TEXTS: MailTexts = {
  en: {
    subject: 'Your {site} data is ready to download',
    body: 'Hi {name},\n\nthe copy of your data you asked for is ready: your profile, photos, likes, messages, payments and logins in one ZIP file. Download it here:\n\n{link}\n\nThe link works until {expires} (UTC); after that the file is deleted and you can ask for a new copy on your profile page. Keep the file somewhere safe: it holds your personal data. If you did not ask for this, change your password.\n',
  },
  nl: {
    subject: 'Je gegevens van {site} staan klaar',
    body: 'Hoi {name},\n\nde kopie van je gegevens waar je om vroeg staat klaar: je profiel, foto’s, likes, berichten, betalingen en aanmeldingen in één ZIP-bestand. Download het hier:\n\n{link}\n\nDe link werkt tot {expires} (UTC); daarna wordt het bestand verwijderd en kun je op je profielpagina een nieuwe kopie aanvragen. Bewaar het bestand op een veilige plek: het bevat je persoonlijke gegevens. Heb je dit niet aangevraagd? Wijzig dan je wachtwoord.\n',
  },
  de: {
    subject: 'Deine Daten bei {site} stehen zum Download bereit',
    body: 'Hallo {name},\n\ndie angeforderte Kopie deiner Daten ist fertig: dein Profil, Fotos, Likes, Nachrichten, Zahlungen und Anmeldungen in einer ZIP-Datei. Hier kannst du sie herunterladen:\n\n{link}\n\nDer Link funktioniert bis {expires} (UTC); danach wird die Datei gelöscht und du kannst auf deiner Profilseite eine neue Kopie anfordern. Bewahre die Datei sicher auf: Sie enthält deine persönlichen Daten. Wenn du das nicht angefordert hast, ändere dein Passwort.\n',
  },
  it: {
    subject: 'I tuoi dati di {site} sono pronti da scaricare',
    body: 'Ciao {name},\n\nla copia dei tuoi dati che hai chiesto è pronta: profilo, foto, like, messaggi, pagamenti e accessi in un unico file ZIP. Scaricala qui:\n\n{link}\n\nIl link funziona fino al {expires} (UTC); dopo il file viene eliminato e puoi chiedere una nuova copia dalla pagina del profilo. Conserva il file in un posto sicuro: contiene i tuoi dati personali. Se non l’hai chiesto tu, cambia la password.\n',
  },
  fr: {
    subject: 'Vos données {site} sont prêtes à être téléchargées',
    body: 'Bonjour {name},\n\nla copie de vos données que vous avez demandée est prête : votre profil, vos photos, likes, messages, paiements et connexions dans un seul fichier ZIP. Téléchargez-la ici :\n\n{link}\n\nLe lien fonctionne jusqu’au {expires} (UTC) ; ensuite le fichier est supprimé et vous pouvez demander une nouvelle copie depuis votre page de profil. Conservez le fichier en lieu sûr : il contient vos données personnelles. Si vous n’êtes pas à l’origine de cette demande, changez votre mot de passe.\n',
  },
  es: {
    subject: 'Tus datos de {site} están listos para descargar',
    body: 'Hola {name}:\n\nla copia de tus datos que pediste está lista: tu perfil, fotos, likes, mensajes, pagos e inicios de sesión en un solo archivo ZIP. Descárgala aquí:\n\n{link}\n\nEl enlace funciona hasta el {expires} (UTC); después el archivo se borra y puedes pedir una copia nueva en tu página de perfil. Guarda el archivo en un lugar seguro: contiene tus datos personales. Si no lo pediste tú, cambia tu contraseña.\n',
  },
  pl: {
    subject: 'Twoje dane z {site} są gotowe do pobrania',
    body: 'Cześć {name},\n\nkopia Twoich danych, o którą prosiłeś, jest gotowa: profil, zdjęcia, polubienia, wiadomości, płatności i logowania w jednym pliku ZIP. Pobierz ją tutaj:\n\n{link}\n\nLink działa do {expires} (UTC); potem plik zostanie usunięty, a nową kopię możesz zamówić na stronie profilu. Przechowuj plik w bezpiecznym miejscu: zawiera Twoje dane osobowe. Jeśli to nie Ty o nią prosiłeś, zmień hasło.\n',
  },
};

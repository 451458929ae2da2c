/**
 * Polish about-me fragments (PL members). `{city}` appears only in the nominative, since city
 * names are not declined.
 */
import type { AboutMeTexts } from './types';

export const pl: AboutMeTexts = {
  openings: [
    'Cześć! Jestem tu [[nowy|nowa]] i chętnie kogoś poznam.',
    'Hej! {city} to moje miasto i nie [[zamieniłbym|zamieniłabym]] go na żadne inne.',
    'Dzięki, że zaglądasz na mój profil.',
    'Kilka lat temu [[przeprowadziłem|przeprowadziłam]] się tutaj i czuję się jak w domu.',
    'Nie umiem pisać o sobie, ale spróbuję.',
    'W skrócie: {city}, dużo śmiechu i trochę spontaniczności.',
    'Dzień dobry! Mieszkam w okolicy i szukam kogoś wyjątkowego.',
  ],
  interests: [
    'W weekendy często można mnie spotkać na targu albo na spacerze w lesie.',
    'Uwielbiam gotować dla znajomych, najlepiej coś z dużą ilością czosnku.',
    'Muzyka na żywo to moja pasja, od małych klubów jazzowych po duże festiwale.',
    'Biegam kilka razy w tygodniu i przygotowuję się do pierwszego półmaratonu.',
    'Dobra książka, kawa i deszczowa niedziela – niczego więcej mi nie trzeba.',
    'Staram się podróżować dwa razy w roku; ostatnio [[zrobiłem|zrobiłam]] wycieczkę samochodem wzdłuż wybrzeża.',
    'W czwartkowe wieczory gram w piłkę ze znajomymi.',
    'Praca w ogrodzie to mój sposób na odpoczynek po pracy.',
    'Jestem [[wielkim fanem|wielką fanką]] kina i często chodzę na seanse.',
    'Jazda rowerem po mieście i odkrywanie nowych kawiarni to moje ulubione zajęcie.',
    'Niedawno [[zacząłem|zaczęłam]] malować i lubię być w czymś [[początkujący|początkująca]].',
    'Wieczory z planszówkami u znajomych to najlepsza część mojego tygodnia.',
    'Lubię spędzać czas na świeżym powietrzu: wędrówki, biwaki i kąpiele w jeziorze.',
    'Pracuję w służbie zdrowia i lubię swoją pracę, ale po godzinach umiem o niej zapomnieć.',
  ],
  personality: [
    'Przyjaciele mówią, że jestem [[lojalny, ciekawy świata i trochę uparty|lojalna, ciekawa świata i trochę uparta]].',
    'Jestem [[szczery|szczera]], twardo stąpam po ziemi i mam do siebie dystans.',
    'Jestem rannym ptaszkiem, choć znajomi nie mogą w to uwierzyć.',
    'Życzliwość, poczucie humoru i dobra rozmowa liczą się dla mnie bardziej niż small talk.',
    'Jestem raczej [[spokojny|spokojna]], ale potrafię się zapalić do rzeczy, które kocham.',
    'Jestem [[optymistą|optymistką]] i wierzę, że najlepsze historie zaczynają się od zwykłego „cześć”.',
  ],
  closings: [
    'Szukam kogoś do wspólnych kolacji, śmiechu i może czegoś więcej.',
    'Jeśli lubisz dobre rozmowy, napisz do mnie!',
    'Napisz, jeśli myślisz, że moglibyśmy się dogadać.',
    'Szukam czegoś prawdziwego, bez gierek.',
    'Zacznijmy od kawy i zobaczmy, co z tego wyjdzie.',
    'Napisz i opowiedz mi o swoim ulubionym miejscu.',
    'Może wyskoczymy na drinka i sprawdzimy, czy iskrzy?',
  ],
  lookingFor: [
    'Kogoś życzliwego i szczerego, z poczuciem humoru.',
    'Kogoś do wielkich i małych przygód.',
    'Poważnego związku z kimś, kto wie, czego chce.',
    'Kogoś do śmiechu, podróży i wspólnego starzenia się.',
    'Najpierw przyjaźni, a potem zobaczymy.',
    'Kogoś, kto lubi zarówno wyjścia na miasto, jak i spokojne wieczory w domu.',
  ],
  idealDate: [
    'Długi spacer, dobra rozmowa i kolacja w małej, przytulnej knajpce.',
    'Poranna kawa i spacer nad wodą.',
    'Piknik w parku z dobrym jedzeniem i bez telefonów.',
    'Wspólne gotowanie w domu, przy muzyce i butelce wina.',
    'Koncert albo stand-up, a potem drink, żeby o nim pogadać.',
    'Jednodniowy wypad nad morze, bez względu na pogodę.',
  ],
};

/**
 * Where the map lander puts its members: pins nudged apart so every photo shows, and which of
 * them carry a name tag. Pure, tested alone; only the map design loads it.
 */
import type { Profile } from '../../../shared/contract/fields';

/** A member placed on the map at their town, in the map's units. */
export interface MapPin {
  profile: Profile;
  x: number;
  y: number;
}

/**
 * Members of `country` whose town the map knows, one pin per member, nudged apart until no two
 * are closer than `gap` (a photo's width in map units), so every photo stays visible. The others
 * are listed, never placed where they do not live.
 */
export function mapPins(
  profiles: readonly Profile[],
  country: string,
  cities: Readonly<Record<string, readonly [number, number]>>,
  gap = 40,
): { pins: MapPin[]; unplaced: Profile[] } {
  const pins: MapPin[] = [];
  const unplaced: Profile[] = [];
  for (const profile of profiles) {
    const town = profile.city ? cities[profile.city] : undefined;
    if (!town || profile.country?.toUpperCase() !== country) unplaced.push(profile);
    else pins.push({ profile, x: town[0], y: town[1] });
  }
  for (let round = 0; round < 40; round++) {
    let moved = false;
    pins.forEach((a, i) => {
      pins.slice(i + 1).forEach((b, j) => {
        let dx = b.x - a.x;
        let dy = b.y - a.y;
        let distance = Math.hypot(dx, dy);
        if (distance >= gap) return;
        if (distance < 0.01) {
          // Same town: spread along a golden-angle spiral so the directions differ.
          const angle = (i + j + 1) * 2.4;
          [dx, dy, distance] = [Math.cos(angle), Math.sin(angle), 1];
        }
        const push = (gap - distance) / 2 / distance;
        a.x -= dx * push;
        a.y -= dy * push;
        b.x += dx * push;
        b.y += dy * push;
        moved = true;
      });
    });
    if (!moved) break;
  }
  for (const pin of pins) {
    pin.x = Math.round(pin.x);
    pin.y = Math.round(pin.y);
  }
  return { pins, unplaced };
}

/**
 * Which pins carry a name tag (drawn under the photo): at most `max`, first come first, skipping
 * a pin whose tag would cover an earlier tag or another member's photo. `tag` is a tag's size and
 * `photo` a photo's diameter, in map units.
 */
export function taggedPins(
  pins: readonly MapPin[],
  max: number,
  tag: { width: number; height: number },
  photo: number,
): Set<number> {
  const chosen: MapPin[] = [];
  const covers = (pin: MapPin, other: MapPin) =>
    Math.abs(other.x - pin.x) < tag.width / 2 + photo / 2 &&
    other.y > pin.y &&
    other.y - pin.y < photo / 2 + tag.height + photo / 2;
  for (const pin of pins) {
    if (chosen.length >= max) break;
    const tagsClash = chosen.some(
      (other) =>
        Math.abs(other.x - pin.x) < tag.width && Math.abs(other.y - pin.y) < tag.height + photo,
    );
    const hidesPhoto = pins.some((other) => other !== pin && covers(pin, other));
    if (!tagsClash && !hidesPhoto) chosen.push(pin);
  }
  return new Set(chosen.map((pin) => pin.profile.id));
}

import type { CSSProperties } from 'react';
import type { Profile } from '../../../shared/contract/fields';
import { nameWithAge } from '../lander-rules';
import { MemberPhoto } from '../parts/MemberPhoto';
import type { CountryMap } from './country-map';
import { mapPins, taggedPins } from './map-rules';

export interface MapViewProps {
  map: CountryMap | null;
  profiles: readonly Profile[] | null;
  cdnPrefix: string;
  /** The map's name for screen readers ("Map of the Netherlands with members' towns"). */
  label: string;
  /** How many pins carry a name tag (the rest are photos only, to keep the map readable). */
  tagged?: number;
}

/** Our own dot map of the country with members pinned on their towns; no third-party tiles. */
export function MapView({ map, profiles, cdnPrefix, label, tagged = 3 }: MapViewProps) {
  if (!map) return <div className="ml-map ml-map-loading" aria-hidden="true" />;
  // A photo is about an eighth of the map's width and a tag a quarter: pins keep that far apart.
  const photo = map.width * 0.13;
  const { pins } = mapPins(profiles ?? [], map.country, map.cities, photo);
  const tags = taggedPins(pins, tagged, { width: map.width * 0.26, height: photo * 0.5 }, photo);
  const frame: CSSProperties = {
    aspectRatio: `${map.width} / ${map.height}`,
    width: `min(100%, calc(28rem * ${(map.width / map.height).toFixed(3)}))`,
  };
  return (
    <figure className="ml-map" style={frame} role="img" aria-label={label}>
      <svg
        className="ml-dots"
        viewBox={`0 0 ${map.width} ${map.height}`}
        aria-hidden="true"
        focusable="false"
      >
        <path d={map.dots} fill="none" strokeWidth="6.4" strokeLinecap="round" />
      </svg>
      <ul className="ml-pins list-unstyled" aria-hidden="true">
        {pins.map(({ profile, x, y }, i) => (
          <li
            key={profile.id}
            className="ml-pin"
            style={{ left: `${(x / map.width) * 100}%`, top: `${(y / map.height) * 100}%` }}
          >
            <MemberPhoto profile={profile} cdnPrefix={cdnPrefix} size={44} eager={i < 6} />
            {tags.has(profile.id) && <span className="ml-pin-tag">{nameWithAge(profile)}</span>}
          </li>
        ))}
      </ul>
    </figure>
  );
}

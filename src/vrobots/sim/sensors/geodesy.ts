/**
 * Where the Unity world sits on the earth: a geo origin at world (0, 0, 0) with x east,
 * z north, y up, and a local tangent-plane approximation (good to centimetres over the
 * few kilometres a scene spans). Also the earth's magnetic field there.
 */
import type { GeoPoint, Vec3 } from '../../generated/swarmbotix-types.js';

/** WGS-84 semi-major axis, m. */
const EARTH_RADIUS_M = 6_378_137;
const FLATTENING = 1 / 298.257223563;
const E2 = FLATTENING * (2 - FLATTENING);

/** Default scene origin: Zurich airport threshold area, 432 m AMSL. */
export const DEFAULT_GEO_ORIGIN: GeoPoint = { lat: 47.458, lon: 8.5481, alt: 432 };

/** Meridian and prime-vertical radii at a latitude (degrees). */
function radii(latDeg: number): { north: number; east: number } {
  const s = Math.sin((latDeg * Math.PI) / 180);
  const d = 1 - E2 * s * s;
  return { north: (EARTH_RADIUS_M * (1 - E2)) / d ** 1.5, east: EARTH_RADIUS_M / Math.sqrt(d) };
}

// The scene origin rarely changes, and every State converts twice with it: keep its radii.
let lastLat = Number.NaN;
let lastRadii = radii(0);
let lastCosLat = 1;

/** WGS-84 point of a world position. */
export function worldToGeo(origin: GeoPoint, p: Vec3): GeoPoint {
  if (origin.lat !== lastLat) {
    lastRadii = radii(origin.lat);
    lastCosLat = Math.cos((origin.lat * Math.PI) / 180);
    lastLat = origin.lat;
  }
  const r = lastRadii;
  const cosLat = lastCosLat;
  return {
    lat: origin.lat + ((p.z / r.north) * 180) / Math.PI,
    lon: origin.lon + ((p.x / (r.east * cosLat)) * 180) / Math.PI,
    alt: origin.alt + p.y,
  };
}

/** World velocity (x east, y up, z north) as north, east, down. */
export function worldToNed(v: Vec3): Vec3 {
  return { x: v.z, y: v.x, z: -v.y };
}

/**
 * Earth field in the world frame, gauss: a tilted dipole is more than a scene needs, so
 * this is the horizontal and vertical intensity of a mid-latitude site, inclination from
 * the latitude (tan I = 2 tan lat), no declination.
 */
export function earthField(origin: GeoPoint): Vec3 {
  const lat = (origin.lat * Math.PI) / 180;
  const inclination = Math.atan(2 * Math.tan(lat));
  const total = 0.48;
  const horizontal = total * Math.cos(inclination);
  const down = total * Math.sin(inclination);
  return { x: 0, y: -down, z: horizontal };
}

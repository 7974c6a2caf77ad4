/** Route playback (spec 01 §2.5 /view-operations/route-playback): a vehicle's recorded track, played on the map. */
export { PlaybackPage } from './PlaybackPage';

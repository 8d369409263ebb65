// The front ends' "did you mean" hints: the shared nearest-name search of src/text.
export { closest, didYouMean, nearestNames } from '../../text/did-you-mean.js';

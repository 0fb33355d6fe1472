import exampleConfig from '../../examples/testing-with-reference-server/vitest.config.ts';
import { fromSources } from './example-suite-config.ts';

export default fromSources(exampleConfig);

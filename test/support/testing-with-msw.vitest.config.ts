import exampleConfig from '../../examples/testing-with-msw/vitest.config.ts';
import { fromSources } from './example-suite-config.ts';

export default fromSources(exampleConfig);

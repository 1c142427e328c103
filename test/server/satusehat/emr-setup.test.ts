import { emrSetupSuite } from './emr-setup.suite';

emrSetupSuite('pglite');

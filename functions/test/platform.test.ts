// Which Firestore the suite ran on: the official emulator wherever the machine has it. A stack that
// fell back to the embedded one there would silently skip rules, listeners and platform triggers.
import assert from 'node:assert/strict';
import { officialFirestorePackaged, PACKAGED_FIRESTORE_JAR } from '../dev/official-firestore.js';

describe('the platform under test', () => {
  it('is the official Firestore emulator wherever the Debian package google-cloud-cli-firestore-emulator is installed', async () => {
    const kind = process.env.STACK_FIRESTORE_KIND;
    console.log(`      Firestore under test: ${kind} emulator`);
    if (officialFirestorePackaged())
      assert.equal(kind, 'official', `${PACKAGED_FIRESTORE_JAR} is installed, but the stack ran the ${kind} emulator`);
    else assert.ok(kind === 'official' || kind === 'embedded', `unknown Firestore kind ${kind}`);
    // The emulator on FIRESTORE_EMULATOR_HOST is the one the stack announced: only the official
    // one answers its own root page with "Ok".
    const root = await fetch(`http://${process.env.FIRESTORE_EMULATOR_HOST}/`);
    assert.equal(kind === 'official', (await root.text()).trim() === 'Ok');
  });
});

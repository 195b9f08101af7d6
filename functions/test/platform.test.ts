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
    // The emulator on FIRESTORE_EMULATOR_HOST is the one the stack announced: only the official one
    // takes security rules (here for a project of this test alone).
    const rules = await fetch(
      `http://${process.env.FIRESTORE_EMULATOR_HOST}/emulator/v1/projects/demo-platform-${process.pid}:securityRules`,
      {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          rules: {
            files: [
              {
                content:
                  "rules_version = '2';\nservice cloud.firestore { match /databases/{db}/documents { match /{d=**} { allow read: if false; } } }",
              },
            ],
          },
        }),
      },
    );
    await rules.arrayBuffer();
    assert.equal(rules.ok, kind === 'official', `rules upload answered ${rules.status} on the ${kind} emulator`);
  });
});

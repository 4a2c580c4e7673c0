# Schemathesis hooks for the relay runs of test/contract/schemathesis.test.ts. A generated body
# names a random model, which the key's group does not offer, so every call would stop at 404
# before the upstream call. Half of the bodies (chosen by the body's own hash, so a run is
# repeatable) name a model of the group instead: fuzzing then reaches the quota hold, the upstream
# adapters and the response path too.
import os
import zlib

import schemathesis

MODEL = os.environ.get("TOLLGATE_FUZZ_MODEL")


@schemathesis.hook
def map_body(context, body):
    if MODEL and isinstance(body, dict) and zlib.crc32(repr(sorted(body)).encode()) % 2 == 0:
        return {**body, "model": MODEL}
    return body

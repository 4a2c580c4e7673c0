// The container's HEALTHCHECK: exit 0 when this instance's /readyz answers 200 (database reachable,
// catalog fresh), 1 otherwise. Node only, since slim images carry no curl.
const port = process.env.PORT || "8080";
try {
  const response = await fetch(`http://127.0.0.1:${port}/readyz`, { signal: AbortSignal.timeout(2_500) });
  process.exitCode = response.status === 200 ? 0 : 1;
  if (response.status !== 200) process.stderr.write(`/readyz answered ${response.status}: ${(await response.text()).slice(0, 300)}\n`);
} catch (error) {
  process.stderr.write(`/readyz could not be reached: ${(error as Error).message}\n`);
  process.exitCode = 1;
}

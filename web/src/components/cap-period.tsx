// The choices of when a spend cap resets (UTC): never, or at each day's, week's (Monday) or month's start.
export function CapPeriodOptions() {
  return (
    <>
      <option value="">Never</option>
      <option value="daily">Daily</option>
      <option value="weekly">Weekly</option>
      <option value="monthly">Monthly</option>
    </>
  );
}

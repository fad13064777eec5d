/** CLOCK_MONOTONIC in nanoseconds, as the fixtures write it: one clock for the whole trial. */
export const now = (): string => process.hrtime.bigint().toString();

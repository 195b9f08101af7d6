// Phone numbers in what the service keeps about its own actions (logs, audit records).

/** `+639171234567` → `+63*******67`: enough to tell numbers apart, not to call them. */
export function maskNumber(number: string): string {
  return number.length <= 5 ? '***' : `${number.slice(0, 3)}${'*'.repeat(number.length - 5)}${number.slice(-2)}`;
}

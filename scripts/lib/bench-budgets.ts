/** The budgets `npm run bench` judges (docs/performance.md says what each one stands for). */
export const budgets = {
  /** The pages phone users open: the longest main-thread task after the first paint, and their sum (low tier). */
  longestTaskMs: 200,
  busyMs: 1200,
  /** The wizard's Next, input to the next paint (low tier). */
  nextMs: 200,
  /** Opening the photo crop; confirming it (the bench's photo and a 12 MP camera JPEG; low tier). */
  photoMs: 250,
  /** /verify offline: pasted URL to the verdict painted (low tier). */
  verdictMs: 200,
  /** The check page's LCP at 4×, as a multiple of the no-script verdict page's: with a signed fragment, without. */
  signedCheckLcp: 1.25,
  plainCheckLcp: 2.0,
  /** The back office on an office PC with 10,000 demands: search, next page, validate and next. */
  backOfficeMs: 200,
  /** Every public page at the standard 4×: Lighthouse performance, median of the runs. */
  performance: 95,
  /** Script on `/`, gzip -9; and no demo backend or PDF code in live mode. */
  firstLoadKb: 120,
  /** The demo backend searching 10,000 demands (Node, p95). */
  searchMs: 50,
};

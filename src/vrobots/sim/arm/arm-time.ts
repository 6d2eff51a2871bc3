/** performance.now() as a plain function (it exists in Node and in browsers). */
export const performanceNow = (): number => performance.now();

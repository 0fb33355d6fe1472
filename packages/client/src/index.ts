/** Name of this package, until its API lands. */
export const PACKAGE_NAME = '@partner-assistant/client';

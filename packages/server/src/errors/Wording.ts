/**
 * Words a user reads, built in the reader's language (a BCP 47 tag such as 'de-DE'; English for
 * any the product does not speak). A module that words a refusal with values in it throws one of
 * these instead of a finished sentence, so the transport builds the sentence once it knows the
 * caller's language, and the module never learns what language that is.
 */
export type Wording = (language: string) => string;

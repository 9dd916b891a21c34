/** Messages the failure scenarios answer with — one per row of API.md's failure table. */
export const FAILURE_MESSAGES: Record<number, string> = {
  400: '"ChatBubbleColor" must be rgb(r,g,b) with each of r, g, b from 0 to 255',
  401: 'A valid API key, session key or visitor token is required',
  403: 'This credential does not give access to this chatbot',
  404: 'No chatbot has this serial number',
  409: 'A listing with MLSNumber "MLS-12345" already exists in this chatbot',
  413: 'The body is larger than 1 MB',
  415: 'The file is not a PNG, JPEG, WEBP or non-animated GIF image',
  429: 'Too many questions — please wait a minute before asking again',
  500: 'Something went wrong on our side; please try again',
};

// Jest test environment for the jsdom project: jsdom plus the Fetch API's Response, which every
// browser we support has and jsdom leaves out. Why: pdf.js reads `Response` as its module loads,
// so without it the viewer module cannot load in jsdom. Node's own Response (the realm jest runs
// in) stands in for the browser's.
const { TestEnvironment } = require('jest-environment-jsdom');

class JsdomWithFetchEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    if (this.global.Response === undefined) this.global.Response = Response;
  }
}

module.exports = JsdomWithFetchEnvironment;

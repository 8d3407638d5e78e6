/**
 * Webpack loader for pdf.js's worker (pdfjs-dist/build/pdf.worker*.mjs): its ICC colour space
 * first checks that the profile's colour space has as many components as the PDF's /N says, and
 * refuses the profile otherwise, so pdf.js falls back to the /Alternate space (as poppler does).
 *
 * Why: ImageMagick writes a grey image that carries an sRGB profile as `[/ICCBased n 0 R]` with
 * `/N 1 /Alternate /DeviceGray`. pdf.js 5.x builds a grey (Gray8) qcms transform from the RGB
 * profile, qcms accepts it, and the first conversion traps in WebAssembly ("RuntimeError:
 * unreachable"): the image is never decoded and the page stays blank ("Dependent image isn't
 * ready yet"). docs/ARCHITECTURE.md "Rendering fidelity" has the whole story.
 *
 * The build fails if pdf.js's code no longer has the shape this loader patches (a new pdf.js
 * release): then see whether the upstream fix landed and drop the loader, or adapt the pattern.
 */
const CONSTRUCTOR = /(class IccColorSpace extends \w+\s*\{[^]*?constructor\(\s*(\w+),\s*(\w+),\s*(\w+)\s*\)\s*\{)/;

/** The guard, as one statement: ICC header bytes 16-19 name the profile's colour space. */
function guard(profile, numComps) {
  return (
    `{const dhSpace=String.fromCharCode(${profile}[16],${profile}[17],${profile}[18],${profile}[19]);` +
    `if(({1:"GRAY",3:"RGB ",4:"CMYK"})[${numComps}]!==dhSpace)` +
    `throw new Error("the ICC profile's colour space ("+dhSpace+") does not have /N "+${numComps}+" components")}`
  );
}

/** @type {(source: string) => string} */
module.exports = function pdfjsIccGuardLoader(source) {
  const match = CONSTRUCTOR.exec(source);
  if (match === null) throw new Error('pdfjsIccGuardLoader: IccColorSpace constructor not found in pdf.js worker');
  const [, head, profile, , numComps] = match;
  return source.replace(head, head + guard(profile, numComps));
};

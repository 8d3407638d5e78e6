/*
 * Loaded by the Datahaven Documents pane page in place of office.js, inside the Outlook
 * simulator only (/demo/outlook/pane): the global Office is the simulator page's stand-in. The
 * pane's own code is the same as in Outlook; outside the simulator there is no Office at all.
 */
(function () {
  'use strict';
  var simulator = null;
  try {
    simulator = window.parent !== window ? window.parent.DatahavenOutlookSimulator : null;
  } catch (error) {
    simulator = null; // A parent on another origin: not the simulator.
  }
  if (simulator && typeof simulator.officeFor === 'function') window.Office = simulator.officeFor(window);
})();

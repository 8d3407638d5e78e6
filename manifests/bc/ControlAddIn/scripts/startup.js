/* Datahaven Documents: the control add-in's StartupScript. BC gives the add-in a div with
   the id 'controlAddIn'; the relay puts our iframe in it and raises ControlReady. */
window.DatahavenRelay.start(document.getElementById('controlAddIn'));

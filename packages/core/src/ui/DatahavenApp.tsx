import { FluentProvider, webLightTheme, Button } from '@fluentui/react-components';
/** x */
export function DatahavenApp() { return <FluentProvider theme={webLightTheme}><Button>Hi</Button></FluentProvider>; }

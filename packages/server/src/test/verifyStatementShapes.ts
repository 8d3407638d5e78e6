import { verifyEveryStatementShape } from '../db/statementShapes';

// Every shaped statement the suites run is built anew and checked against its kept shape
// (db/statementShapes): a key that misses something a build reads — another viewer's rights, a
// branch — fails the test that sent the second such request, not only a shape's first call.
verifyEveryStatementShape(true);

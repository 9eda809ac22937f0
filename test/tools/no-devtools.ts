// Stand-in for react-devtools-core in the production bundle; Ink only calls it in development.
export default { initialize() {}, connectToDevTools() {} };

export { InspectorHost } from './components/inspector-host'

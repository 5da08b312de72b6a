export { ChatLauncher } from './components/chat-launcher'

import { WifiOff } from 'lucide-react'

/** The offline notice's icon, loaded only once the browser goes offline (the service worker has it). */
export default function OfflineIcon() {
  return <WifiOff aria-hidden="true" size={18} />
}

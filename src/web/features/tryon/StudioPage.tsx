import { useState } from 'react'
import { Download, Settings2 } from 'lucide-react'
import { Link } from '../../lib/router'
import { Tabs } from '../../components/Choice'
import { TopBar } from '../../components/Layout'
import { TabScreen } from '../../components/TabBar'
import { GenerateTab } from './hub/GenerateTab'
import { LikedTab } from './hub/LikedTab'
import { PicturesTab } from './hub/PicturesTab'
import { StylesTab } from './hub/StylesTab'

const TABS = [
  { id: 'generate', label: 'Generate' },
  { id: 'liked', label: 'Liked' },
  { id: 'styles', label: 'Styles' },
  { id: 'pictures', label: 'Pictures' },
] as const
type Tab = (typeof TABS)[number]['id']

const iconLink = 'inline-flex size-11 items-center justify-center rounded-full hover:bg-sunken'

/** The Style Studio hub: the user's real generations, liked products, collections and photos. */
export default function StudioPage() {
  const [tab, setTab] = useState<Tab>('generate')
  return (
    <TabScreen>
      <TopBar
        title="Style Studio"
        actions={
          <>
            <Link to="/export" aria-label="Export my data" className={iconLink}>
              <Download size={24} strokeWidth={1.75} aria-hidden />
            </Link>
            <Link to="/style-studio-setup" aria-label="Style Studio Setup" className={iconLink}>
              <Settings2 size={24} strokeWidth={1.75} aria-hidden />
            </Link>
          </>
        }
      />
      <Tabs tabs={TABS} value={tab} onChange={setTab} label="Style Studio" />
      <div role="tabpanel" aria-label={TABS.find((t) => t.id === tab)?.label}>
        {tab === 'generate' ? <GenerateTab /> : tab === 'liked' ? <LikedTab /> : tab === 'styles' ? <StylesTab /> : <PicturesTab />}
      </div>
    </TabScreen>
  )
}

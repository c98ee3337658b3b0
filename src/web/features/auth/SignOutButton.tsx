import { LogOut } from 'lucide-react'
import { useNavigate } from '../../lib/router'
import { Button } from '../../components/Button'
import { errorMessage } from '../../lib/api'
import { useSignOut } from '../../lib/session'
import { toast } from '../../lib/toast'

export function SignOutButton({ className }: { className?: string }) {
  const signOut = useSignOut()
  const navigate = useNavigate()
  return (
    <Button
      variant="ghost"
      className={className}
      icon={<LogOut size={20} strokeWidth={1.75} aria-hidden />}
      onClick={async () => {
        try {
          await signOut()
          navigate('/login', { replace: true })
        } catch (err) {
          toast.error(errorMessage(err, 'Could not sign out.'))
        }
      }}
    >
      Log out
    </Button>
  )
}

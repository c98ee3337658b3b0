import { createContext, forwardRef, startTransition, useCallback, useContext, useEffect, useMemo, useState, type AnchorHTMLAttributes, type MouseEvent, type ReactNode } from 'react'
import { bestRoute, type RouteParams } from '~/shared/route-path'

/**
 * The app's router: the part of React Router's declarative API the screens use (BrowserRouter,
 * Link, NavLink, Navigate, useNavigate, useLocation, useParams, useSearchParams,
 * useNavigationType) over the History API, in ~2 KB instead of ~14 KB (decision 0015). Location
 * changes render in a transition, so the current screen stays until a lazy next screen is loaded.
 */
export type NavigationType = 'POP' | 'PUSH' | 'REPLACE'
export type Location = { pathname: string; search: string; hash: string; state: unknown }
export type NavigateOptions = { replace?: boolean; state?: unknown }
type Navigate = (to: string | number, options?: NavigateOptions) => void

type RouterState = { location: Location; type: NavigationType }
const RouterContext = createContext<(RouterState & { navigate: Navigate }) | null>(null)
const ParamsContext = createContext<RouteParams>({})

const currentLocation = (): Location => {
  const { pathname, search, hash } = window.location
  return { pathname, search, hash, state: (window.history.state as { usr?: unknown } | null)?.usr ?? null }
}
const pathOf = (l: { pathname: string; search: string; hash: string }) => l.pathname + l.search + l.hash
const resolve = (to: string) => pathOf(new URL(to, window.location.href))

export function BrowserRouter({ children }: { children: ReactNode }) {
  const [state, setState] = useState<RouterState>(() => ({ location: currentLocation(), type: 'POP' }))
  const update = useCallback((type: NavigationType) => startTransition(() => setState({ location: currentLocation(), type })), [])
  useEffect(() => {
    const onPop = () => update('POP')
    window.addEventListener('popstate', onPop)
    return () => window.removeEventListener('popstate', onPop)
  }, [update])
  const navigate = useCallback<Navigate>(
    (to, options = {}) => {
      if (typeof to === 'number') return window.history.go(to)
      window.history[options.replace ? 'replaceState' : 'pushState']({ usr: options.state ?? null }, '', resolve(to))
      update(options.replace ? 'REPLACE' : 'PUSH')
    },
    [update],
  )
  const value = useMemo(() => ({ ...state, navigate }), [state, navigate])
  return <RouterContext.Provider value={value}>{children}</RouterContext.Provider>
}

function useRouter() {
  const router = useContext(RouterContext)
  if (!router) throw new Error('router hooks need a <BrowserRouter>')
  return router
}

export const useLocation = () => useRouter().location
export const useNavigationType = () => useRouter().type
export const useNavigate = () => useRouter().navigate
export const useParams = <T extends RouteParams = RouteParams>() => useContext(ParamsContext) as Partial<T>

type SearchInit = URLSearchParams | Record<string, string> | string
export function useSearchParams() {
  const { location, navigate } = useRouter()
  const params = useMemo(() => new URLSearchParams(location.search), [location.search])
  const setParams = useCallback(
    (next: SearchInit | ((prev: URLSearchParams) => SearchInit), options?: NavigateOptions) => {
      const qs = new URLSearchParams(typeof next === 'function' ? next(params) : next).toString()
      navigate(`${location.pathname}${qs ? `?${qs}` : ''}`, options)
    },
    [navigate, params, location.pathname],
  )
  return [params, setParams] as const
}

/** The most specific route for the current path, its params available to useParams. */
export function Routes({ routes }: { routes: { path: string; element: ReactNode }[] }) {
  const match = bestRoute(routes, useLocation().pathname)
  return match ? <ParamsContext.Provider value={match.params}>{match.route.element}</ParamsContext.Provider> : null
}

/** Navigates once rendered (redirects in guards and screens). */
export function Navigate({ to, replace, state }: { to: string } & NavigateOptions) {
  const navigate = useNavigate()
  useEffect(() => navigate(to, { replace, state }), [navigate, to, replace, state])
  return null
}

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string } & NavigateOptions

// A plain left click in this tab navigates in the app; modified clicks keep the browser's behaviour.
const isPlainClick = (e: MouseEvent<HTMLAnchorElement>, target: string | undefined) =>
  !e.defaultPrevented && e.button === 0 && (!target || target === '_self') && !(e.metaKey || e.altKey || e.ctrlKey || e.shiftKey)

export const Link = forwardRef<HTMLAnchorElement, LinkProps>(function Link({ to, replace, state, onClick, target, ...rest }, ref) {
  const { location, navigate } = useRouter()
  const href = useMemo(() => resolve(to), [to])
  const click = (e: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(e)
    if (!isPlainClick(e, target)) return
    e.preventDefault()
    // Following a link to where you are does not add a history entry.
    navigate(href, { replace: replace ?? href === pathOf(location), state })
  }
  return <a ref={ref} href={href} target={target} onClick={click} {...rest} />
})

type NavLinkProps = Omit<LinkProps, 'className'> & { className?: string | ((s: { isActive: boolean }) => string) }

/** A Link that knows when its path (or a path below it) is the current one: aria-current="page". */
export function NavLink({ className, ...rest }: NavLinkProps) {
  const { pathname } = useLocation()
  const target = new URL(rest.to, window.location.href).pathname.toLowerCase()
  const here = pathname.toLowerCase()
  const isActive = here === target || here.startsWith(target.endsWith('/') ? target : `${target}/`)
  return <Link {...rest} aria-current={isActive ? 'page' : undefined} className={typeof className === 'function' ? className({ isActive }) : className} />
}

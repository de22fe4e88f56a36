// Every app imports routing from here, never from react-router-dom directly (lint enforces it):
// host and remotes then share exactly one router instance, and the shared bundle carries only
// these exports. Add an export here when a screen needs one. (MemoryRouter: ./memory.)
export {
  BrowserRouter,
  Link,
  matchRoutes,
  Navigate,
  NavLink,
  Outlet,
  Route,
  Routes,
  UNSAFE_RouteContext,
  useLocation,
  useNavigate,
  useParams,
  useRoutes,
  useSearchParams,
} from 'react-router-dom';
export type { LinkProps, Location, NavLinkProps, RouteObject } from 'react-router-dom';

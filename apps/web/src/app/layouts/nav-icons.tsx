import AssessmentOutlinedIcon from '@mui/icons-material/AssessmentOutlined';
import BuildCircleOutlinedIcon from '@mui/icons-material/BuildCircleOutlined';
import DashboardOutlinedIcon from '@mui/icons-material/DashboardOutlined';
import InsightsOutlinedIcon from '@mui/icons-material/InsightsOutlined';
import LocalShippingOutlinedIcon from '@mui/icons-material/LocalShippingOutlined';
import MyLocationOutlinedIcon from '@mui/icons-material/MyLocationOutlined';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import RecyclingOutlinedIcon from '@mui/icons-material/RecyclingOutlined';
import SimCardOutlinedIcon from '@mui/icons-material/SimCardOutlined';
import SpaceDashboardOutlinedIcon from '@mui/icons-material/SpaceDashboardOutlined';
import TuneOutlinedIcon from '@mui/icons-material/TuneOutlined';
import type { SvgIconComponent } from '@mui/icons-material';

const ICONS: Record<string, SvgIconComponent> = {
  'vehicle-status': LocalShippingOutlinedIcon,
  dashboard: DashboardOutlinedIcon,
  dashboardv2: SpaceDashboardOutlinedIcon,
  'fleet-dashboard': InsightsOutlinedIcon,
  'live-tracking': MyLocationOutlinedIcon,
  fitment: BuildCircleOutlinedIcon,
  'sim-activation-order': SimCardOutlinedIcon,
  reports: AssessmentOutlinedIcon,
  swm: RecyclingOutlinedIcon,
  management: TuneOutlinedIcon,
};

export function NavIcon({ id }: { id: string }) {
  const Icon = ICONS[id] ?? RadioButtonUncheckedIcon;
  return <Icon fontSize="small" />;
}

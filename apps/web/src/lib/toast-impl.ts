import { Toast } from 'antd-mobile';

import { TOAST_DURATION_MS } from '../config/app';
import { setupAntdMobile } from './antd-setup';
import './toast.css';

setupAntdMobile();
Toast.config({ duration: TOAST_DURATION_MS });

export { Toast };

import ToastContainer from 'react-bootstrap/ToastContainer';
import './toasts.scss';
import { ToastItem } from './ToastItem';
import { useToasts } from './use-toasts';

/** The visible toasts, top-end (SPEC §2.8); loaded only once there is a toast to show. */
export default function ToastStack() {
  const toasts = useToasts();
  return (
    <ToastContainer position="top-end" containerPosition="fixed" className="app-toasts p-3">
      {toasts.map((item) => (
        <ToastItem key={item.id} toast={item} />
      ))}
    </ToastContainer>
  );
}

import { Route, Routes } from 'react-router-dom';
import { MyTickets } from './tickets/MyTickets';
import { RaiseTicket } from './tickets/RaiseTicket';

/** mf_support './App', mounted by the shell at /support/* (routes are relative to it). */
export default function App() {
  return (
    <Routes>
      <Route path="raise-ticket" element={<RaiseTicket />} />
      <Route path="*" element={<MyTickets />} />
    </Routes>
  );
}
